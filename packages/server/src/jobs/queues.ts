// Producer side: the API enqueues jobs through here. Payloads are validated
// against the job's schema before they leave the process.
import type { Static, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { Config } from "../config.js";
import { queueNames } from "./definitions/index.js";
import type { JobDefinition, QueueSettings } from "./job.js";

/** An enqueue that has not reached Redis by then fails (the caller answers 503), rather than hang a request. */
const ENQUEUE_TIMEOUT_MS = 3_000;

export class Queues {
  private readonly queues = new Map<string, Queue>();

  constructor(
    connection: Redis,
    prefix: string,
    private readonly timeoutMs = ENQUEUE_TIMEOUT_MS,
  ) {
    for (const name of queueNames) this.queues.set(name, new Queue(name, { connection, prefix }));
  }

  enqueue<S extends TSchema>(job: JobDefinition<S>, data: Static<S>, jobId?: string) {
    return this.enqueueMany(job, [data], jobId === undefined ? undefined : [jobId]);
  }

  /** Many jobs of one kind in one round trip (a bulk import's e-mails), all or none. */
  async enqueueMany<S extends TSchema>(job: JobDefinition<S>, data: Static<S>[], jobIds?: string[]) {
    for (const d of data) {
      if (!Value.Check(job.payload, d)) throw new Error(`Invalid payload for job ${job.name}`);
    }
    const queue = this.queues.get(job.queue);
    if (!queue) throw new Error(`No queue ${job.queue}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Enqueueing ${job.name} timed out`)), this.timeoutMs);
    });
    const adding =
      data.length === 1
        ? queue.add(job.name, data[0], { ...job.options, jobId: jobIds?.[0] })
        : queue.addBulk(
            data.map((d, i) => ({ name: job.name, data: d, opts: { ...job.options, jobId: jobIds?.[i] } })),
          );
    try {
      await Promise.race([adding, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close() {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

/**
 * Per-queue worker settings. PDFs are CPU-bound: few at once, and a lock long enough that a long
 * render (which yields between entries, so BullMQ renews the lock) is never declared stalled and
 * run twice; after a crash the job is taken over once the lock lapses.
 */
export function queueSettings(config: Config): Record<string, QueueSettings> {
  const pdf: QueueSettings = {
    concurrency: config.pdfJobs.concurrency,
    lockDuration: config.pdfJobs.lockMs,
    stalledInterval: config.pdfJobs.lockMs,
    maxStalledCount: 2,
  };
  const known: Record<string, QueueSettings> = {
    email: { concurrency: config.emailConcurrency },
    pdf,
    maintenance: { concurrency: 1 },
  };
  return Object.fromEntries(queueNames.map((q) => [q, known[q] ?? { concurrency: 1 }]));
}

// Producer side: the API enqueues jobs through here. Payloads are validated
// against the job's schema before they leave the process.
import type { Static, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { JobDefinition } from "./job.js";
import { queueNames } from "./registry.js";

export class Queues {
  private readonly queues = new Map<string, Queue>();

  constructor(connection: Redis, prefix: string) {
    for (const name of queueNames) this.queues.set(name, new Queue(name, { connection, prefix }));
  }

  async enqueue<S extends TSchema>(job: JobDefinition<S>, data: Static<S>, jobId?: string) {
    if (!Value.Check(job.payload, data)) throw new Error(`Invalid payload for job ${job.name}`);
    const queue = this.queues.get(job.queue);
    if (!queue) throw new Error(`No queue ${job.queue}`);
    await queue.add(job.name, data, { ...job.options, jobId });
  }

  async close() {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

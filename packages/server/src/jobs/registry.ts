import type { JobDefinition } from "./job.js";
import { passwordResetJob } from "./password-reset.js";

/** Every job the worker runs. Refuses duplicates so a handler is never shadowed. */
export const jobs: JobDefinition[] = [passwordResetJob as unknown as JobDefinition];

const names = new Set<string>();
for (const job of jobs) {
  if (names.has(job.name)) throw new Error(`Duplicate job handler: ${job.name}`);
  names.add(job.name);
}

export const queueNames = [...new Set(jobs.map((j) => j.queue))];

import type { JobDefinition } from "./job.js";
import { passwordResetJob } from "./password-reset.js";

/**
 * Checks a list of jobs before anything runs (DESIGN.md §6): each has a name, a queue, a payload
 * schema and a handler, and no name appears twice (a second handler would silently shadow the first).
 */
export function checkJobs(list: readonly JobDefinition[]) {
  const names = new Set<string>();
  for (const job of list) {
    if (!job?.name) throw new Error("A job has no name");
    if (typeof job.handle !== "function") throw new Error(`Missing handler for job ${job.name}`);
    if (!job.queue) throw new Error(`Job ${job.name} has no queue`);
    if (!job.payload) throw new Error(`Job ${job.name} has no payload schema`);
    if (names.has(job.name)) throw new Error(`Duplicate job handler: ${job.name}`);
    names.add(job.name);
  }
  return list;
}

/** Every job the worker runs. */
export const jobs: JobDefinition[] = checkJobs([
  passwordResetJob as unknown as JobDefinition,
]) as JobDefinition[];

export const queueNames = [...new Set(jobs.map((j) => j.queue))];

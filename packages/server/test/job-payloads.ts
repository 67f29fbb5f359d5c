// What the API put on the e-mail queue for a user: the tests' view of job payloads (ids only).
import { Queue } from "bullmq";
import type { Deps } from "../src/deps.js";

/** The payloads of the `email` queue's jobs named `name` for `userId`, in any state but failed. */
export async function queuedPayloads(deps: Deps, name: string, userId: string) {
  const queue = new Queue("email", { connection: deps.redis, prefix: deps.config.redisPrefix });
  try {
    const jobs = await queue.getJobs(["completed", "active", "waiting", "delayed"]);
    return jobs
      .filter((j) => j.name === name && j.data?.userId === userId)
      .map((j) => j.data as Record<string, unknown>);
  } finally {
    await queue.close();
  }
}

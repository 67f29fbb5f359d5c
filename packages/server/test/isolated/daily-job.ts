// The daily account job on a controlled clock, for the isolated tests that drive it.
import type { Queue } from "bullmq";
import { expect, vi } from "vitest";
import { accountLifecycleHandler } from "../../src/jobs/handlers/account-lifecycle.js";
import { type Harness, jobContext } from "../harness.js";

/** Waits for the worker to have sent every e-mail queued in `emails` (none may fail). */
async function emailsSent(emails: Queue) {
  const pending = await vi.waitFor(
    async () => {
      const counts = await emails.getJobCounts("waiting", "active", "delayed", "prioritized", "failed");
      // A failure ends the wait and fails below.
      if (counts.failed === 0 && Object.values(counts).some((n) => n > 0)) {
        throw new Error(`e-mails still queued: ${JSON.stringify(counts)}`);
      }
      return counts;
    },
    { timeout: 30_000, interval: 100 },
  );
  expect(pending.failed).toBe(0);
}

/**
 * The daily job at noon (London) on `day`, in pages of two, run twice as a restarted scheduler
 * might; then the e-mails it queued are sent.
 */
export async function runDailyJobOn(h: Harness, emails: Queue, day: string) {
  for (let i = 0; i < 2; i++) {
    await accountLifecycleHandler.handle(
      { batch: 2 },
      jobContext(h, { now: () => new Date(`${day}T12:00:00Z`) }),
    );
  }
  await emailsSent(emails);
}

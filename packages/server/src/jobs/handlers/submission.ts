// Makes a revalidation submission pack (REQ-SUBMIT-01..05). Idempotent: the payload is the
// submission's id, which is also the job id and names the S3 object, so a retried or taken-over
// job overwrites the same file; a Completed submission is left alone. The PDF goes through a
// temporary file (pdf-file.ts).
import { type Regulator, SUBMISSION, SUBMISSION_MESSAGES } from "@cpd/contract";
import type { Prisma } from "../../generated/prisma/client.js";
import { todayInLondon } from "../../lib/dates.js";
import { identifierPlaces, loadSubmission, snapshot } from "../../modules/submission/load.js";
import { renderSubmission } from "../../modules/submission/pdf/index.js";
import { findById, updateSubmission } from "../../modules/submission/repository.js";
import { submissionStorageKey } from "../../modules/submission/rules.js";
import { submissionJob } from "../definitions/submission.js";
import { handler, type JobContext, type JobRun } from "../job.js";
import { renderToStorage } from "./pdf-file.js";

/** The registration was removed since the request: nothing left to print. */
const REGISTRATION_GONE = "The registration was removed before its pack could be made.";

async function build(
  ctx: JobContext & JobRun,
  id: string,
  row: { userId: string; registrationId: string; regulator: string },
) {
  const now = ctx.now();
  await updateSubmission(ctx.db, id, { state: "Processing", startedAt: now, failureReason: null });
  const doc = await loadSubmission(ctx.db, ctx.pool, row, todayInLondon(now));
  if (!doc) {
    await updateSubmission(ctx.db, id, { state: "Failed", failureReason: REGISTRATION_GONE });
    return;
  }
  // Refused, not printed, while a record holds a patient identifier (issue 28's check).
  const places = identifierPlaces(doc);
  if (places.length) {
    await updateSubmission(ctx.db, id, {
      state: "Failed",
      failureReason: SUBMISSION_MESSAGES.identifiersFound(places),
    });
    return;
  }
  const key = submissionStorageKey(id);
  const { pages, size } = await renderToStorage(ctx, `submission-${id}`, key, (out) =>
    renderSubmission(doc, out),
  );
  const { unmet, onlineForm } = snapshot(doc, { regulator: row.regulator as Regulator });
  const done = ctx.now();
  await updateSubmission(ctx.db, id, {
    state: "Completed",
    storageKey: key,
    pageCount: pages,
    size,
    unmet,
    onlineForm: (onlineForm ?? undefined) as Prisma.InputJsonValue | undefined,
    completedAt: done,
    expiresAt: new Date(done.getTime() + SUBMISSION.retentionHours * 3_600_000),
  });
}

export const submissionHandler = handler(submissionJob, async ({ submissionId }, ctx) => {
  const row = await findById(ctx.db, submissionId);
  // Only a pack in the making: Completed is done, and Failed or Expired was given up on (a pack
  // stopped as lost may have been replaced by a newer one for the same registration).
  if (!row || (row.state !== "Pending" && row.state !== "Processing")) {
    ctx.log.info({ submissionId, state: row?.state }, "submission gone, made or stopped; nothing to do");
    return;
  }
  try {
    await build(ctx, submissionId, row);
  } catch (err) {
    ctx.log.error({ err, submissionId, attempt: ctx.attempt }, "submission pack render failed");
    if (ctx.attempt >= ctx.attempts)
      await updateSubmission(ctx.db, submissionId, {
        state: "Failed",
        failureReason: SUBMISSION_MESSAGES.failed,
      });
    throw err;
  }
});

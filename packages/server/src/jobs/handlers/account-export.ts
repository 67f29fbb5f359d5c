// Builds a whole-record export (REQ-ACCOUNT-04): the ZIP of modules/export/build.ts, written to a temporary
// directory (bounded memory, known length for the upload), stored at exports/<id>.zip, then the
// e-mail with the account page's link. Idempotent: the export's id is the job id and names the
// object, so a retried job overwrites the same object and sendOnce mails once.
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ukDate } from "@cpd/contract";
import { todayInLondon } from "../../lib/dates.js";
import { mailRecipient } from "../../modules/account/repository.js";
import { writeAccountZip } from "../../modules/export/build.js";
import { exportReadyEmail } from "../../modules/export/emails.js";
import { completeExport, exportOwner, failExport, findExport } from "../../modules/export/repository.js";
import { accountExportJob } from "../definitions/account-export.js";
import { handler, type JobContext, type JobRun } from "../job.js";
import { sendOnce } from "./send-email.js";

const exportKey = (id: string) => `exports/${id}.zip`;

async function build(ctx: JobContext & JobRun, id: string, userId: string) {
  const user = await exportOwner(ctx.db, userId);
  if (!user) return null;
  const dir = await mkdtemp(path.join(tmpdir(), `account-export-${id}-`));
  try {
    const zipPath = path.join(dir, "export.zip");
    const { objects, missing } = await writeAccountZip(
      ctx.db,
      ctx.storage,
      userId,
      { exportId: id, exportedAt: ctx.now().toISOString(), organisation: user.organisation },
      path.join(dir, "account.json"),
      zipPath,
    );
    if (missing.length)
      ctx.log.warn({ exportId: id, missing: missing.length }, "export: objects missing from storage");
    const { size } = await stat(zipPath);
    const key = exportKey(id);
    await ctx.storage.put(key, createReadStream(zipPath), "application/zip", size);
    ctx.log.info({ exportId: id, objects: objects.length, size }, "account export written");
    return completeExport(ctx.db, id, key, size, ctx.now());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const accountExportHandler = handler(accountExportJob, async ({ exportId }, ctx) => {
  let row = await findExport(ctx.db, exportId);
  if (!row || row.state === "Expired" || row.state === "Failed") {
    ctx.log.info({ exportId }, "export gone, expired or failed; nothing to do");
    return;
  }
  if (row.state !== "Completed") {
    try {
      const built = await build(ctx, exportId, row.userId);
      if (!built) return;
      row = built;
    } catch (err) {
      ctx.log.error({ err, exportId, attempt: ctx.attempt }, "account export failed");
      if (ctx.attempt >= ctx.attempts) await failExport(ctx.db, exportId);
      throw err;
    }
  }
  const done = row;
  if (!done.completedAt) return;
  const until = new Date(done.completedAt.getTime() + ctx.config.exportRetentionHours * 3_600_000);
  await sendOnce(ctx, async () => {
    const to = await mailRecipient(ctx.db, done.userId);
    if (!to) return null;
    const link = `${ctx.config.publicUrl}/account-management?export=${done.id}`;
    return exportReadyEmail(to.email, to.firstName, link, ukDate(todayInLondon(until)));
  });
});

// Renders a requested portfolio to PDF. Idempotent: the payload is the request's id, which is also
// the job id and names the S3 object, so a retried or taken-over job overwrites the same file and
// `sendOnce` sends its e-mail once. Rendering goes through a temporary file (pdf-file.ts);
// progress is written to the request row the SPA polls.
import { ukDate } from "@cpd/contract";
import { todayInLondon } from "../../lib/dates.js";
import { mailRecipient } from "../../modules/account/repository.js";
import { portfolioReadyEmail } from "../../modules/portfolio/emails.js";
import { loadPortfolio } from "../../modules/portfolio/load.js";
import { renderPortfolio } from "../../modules/portfolio/render/index.js";
import { findById, updateRequest } from "../../modules/portfolio/repository.js";
import { portfolioStorageKey } from "../../modules/portfolio/rules.js";
import { signedPortfolioPath } from "../../modules/portfolio/signed-link.js";
import { portfolioJob } from "../definitions/portfolio.js";
import { handler, type JobContext, type JobRun } from "../job.js";
import { renderToStorage } from "./pdf-file.js";
import { sendOnce } from "./send-email.js";

const FAILED_REASON =
  "The portfolio could not be generated. Please try again, or contact support if it keeps failing.";
/** Progress is written at most this often (a 2,000-entry portfolio must not write 2,000 times). */
const PROGRESS_EVERY_MS = 500;

async function build(ctx: JobContext & JobRun, id: string) {
  const row = await updateRequest(ctx.db, id, {
    state: "Processing",
    progress: 0,
    startedAt: ctx.now(),
    failureReason: null,
  });
  const today = todayInLondon(ctx.now());
  // The portfolio's data from the replica once it has replayed everything committed so far
  // (ADR 0032); the request row above and every write stay on the primary.
  const doc = ctx.reads
    ? await ctx.reads.run("fenced", (db) => loadPortfolio(db.prisma, ctx.storage, ctx.config, row, today))
    : await loadPortfolio(ctx.db, ctx.storage, ctx.config, row, today);
  let last = 0;
  const key = portfolioStorageKey(id);
  const { pages, size } = await renderToStorage(ctx, `portfolio-${id}`, key, (out) =>
    renderPortfolio(doc, out, async (done, total) => {
      if (Date.now() - last < PROGRESS_EVERY_MS && done < total) return;
      last = Date.now();
      // Leave the last few percent for the upload.
      const percent = total ? Math.min(95, Math.floor((done / total) * 95)) : 95;
      await updateRequest(ctx.db, id, { progress: percent });
      await ctx.progress(percent);
    }),
  );
  const now = ctx.now();
  return updateRequest(ctx.db, id, {
    state: "Completed",
    progress: 100,
    storageKey: key,
    pageCount: pages,
    size,
    completedAt: now,
    expiresAt: new Date(now.getTime() + ctx.config.portfolioRetentionHours * 3_600_000),
  });
}

export const portfolioHandler = handler(portfolioJob, async ({ portfolioId }, ctx) => {
  let row = await findById(ctx.db, portfolioId);
  if (!row || row.state === "Expired") {
    ctx.log.info({ portfolioId }, "portfolio request gone or expired; nothing to do");
    return;
  }
  if (row.state !== "Completed") {
    try {
      row = await build(ctx, portfolioId);
    } catch (err) {
      ctx.log.error({ err, portfolioId, attempt: ctx.attempt }, "portfolio render failed");
      if (ctx.attempt >= ctx.attempts)
        await updateRequest(ctx.db, portfolioId, { state: "Failed", failureReason: FAILED_REASON });
      throw err;
    }
  }
  if (row.delivery !== "email" || !row.expiresAt) return;
  const done = row;
  const expiresAt = row.expiresAt;
  await sendOnce(ctx, async () => {
    const to = await mailRecipient(ctx.db, done.userId);
    if (!to) return null;
    const link = `${ctx.config.publicUrl}${signedPortfolioPath(ctx.config.jwtSecret, done.id, expiresAt.getTime())}`;
    return portfolioReadyEmail(
      to.email,
      to.firstName,
      link,
      done.pageCount ?? 0,
      ukDate(todayInLondon(expiresAt)),
    );
  });
});

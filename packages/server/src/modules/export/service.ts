// Whole-record exports (REQ-ACCOUNT-04): asking for one, and downloading a finished one (own only).
import { LIFECYCLE_MESSAGES } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { accountExportJob } from "../../jobs/definitions/account-export.js";
import { notFound } from "../../lib/errors.js";
import { ServiceUnavailable } from "../../lib/store-errors.js";
import { refuseFlaggedEntries } from "../identifiers/gate.js";
import * as repo from "./repository.js";

/** A request still being built within this long is answered again instead of starting another. */
const PENDING_REUSE_MS = 60 * 60_000;

/**
 * Records the export and queues its job. A double submit (two racing calls) gets the same
 * export: the check and the insert run under a per-user transaction lock.
 */
export async function requestExport(deps: Deps, userId: string) {
  await refuseFlaggedEntries(deps, userId, await repo.flaggedEntries(deps.prisma, userId));
  const now = deps.now();
  const { row, created } = await deps.prisma.$transaction(async (tx) => {
    await repo.lockUserExports(tx, userId);
    const pending = await repo.pendingExport(tx, userId, new Date(now.getTime() - PENDING_REUSE_MS));
    if (pending) return { row: pending, created: false };
    return { row: await repo.createExport(tx, userId, now), created: true };
  });
  if (created) {
    try {
      await deps.queues.enqueue(accountExportJob, { exportId: row.id }, `account-export-${row.id}`);
    } catch (err) {
      await repo.deleteExport(deps.prisma, row.id).catch(() => undefined);
      deps.log.error({ err }, "could not queue an account export");
      throw new ServiceUnavailable("Exports cannot be prepared just now. Please try again in a moment.");
    }
  }
  return { id: row.id, message: LIFECYCLE_MESSAGES.exportRequested };
}

/** The caller's finished, unexpired export as a stream; anything else is 404 (no discovery). */
export async function openExport(deps: Deps, userId: string, id: string) {
  const gone = () => notFound(LIFECYCLE_MESSAGES.exportNotFound, "EXPORT_NOT_FOUND");
  const row = await repo.completedExport(deps.prisma, id, userId);
  if (!row?.storageKey || !row.completedAt) throw gone();
  const expires = row.completedAt.getTime() + deps.config.exportRetentionHours * 3_600_000;
  if (deps.now().getTime() >= expires) throw gone();
  const obj = await deps.storage.get(row.storageKey);
  if (!obj) throw gone();
  return { body: obj.body, size: obj.contentLength ?? Number(row.size ?? 0), completedAt: row.completedAt };
}

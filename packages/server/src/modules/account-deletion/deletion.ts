// Deleting an account (ADR 0008, REQ-ACCOUNT-03): every S3 object first, then the user's row (the foreign keys
// cascade to everything they own), then the activity log's record, which names no one. A retry
// after a crash finds the keys again from the rows, which go last; a user already gone is done.
import type { Logger } from "pino";
import type { DELETION_REASONS } from "../../jobs/definitions/account-deletion.js";
import type { Db } from "../../lib/db.js";
import type { Storage } from "../../lib/storage.js";
import { revokeSessions } from "../account/repository.js";
import { invalidateSession } from "../account/session.js";
import { deleteUserRows, storageKeysOf } from "./repository.js";

// The reasons are the job payload's (the definition imports nothing from modules).
export type DeletionReason = (typeof DELETION_REASONS)[number];

/** Objects deleted at once. */
const PARALLEL_DELETES = 8;

export async function deleteAccount(
  ctx: { db: Db; storage: Storage; log: Logger; now: () => Date },
  userId: string,
  reason: DeletionReason,
): Promise<"deleted" | "gone"> {
  // Signed out everywhere first: nothing new is written while the objects go.
  await revokeSessions(ctx.db, userId);
  invalidateSession(userId);
  const keys = await storageKeysOf(ctx.db, userId);
  if (keys === null) return "gone";
  const deleteObjects = async (list: string[]) => {
    for (let i = 0; i < list.length; i += PARALLEL_DELETES) {
      await Promise.all(list.slice(i, i + PARALLEL_DELETES).map((key) => ctx.storage.delete(key)));
    }
  };
  await deleteObjects(keys);
  const deleted = await deleteUserRows(ctx.db, userId, {
    reason,
    at: ctx.now(),
    deleted: new Set(keys),
    deleteObjects,
  });
  if (!deleted) return "gone";
  ctx.log.info({ reason, objects: keys.length }, "account deleted");
  return "deleted";
}

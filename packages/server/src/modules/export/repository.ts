// Data access of whole-record exports (the account_exports table, owned by this module:
// docs/decisions/0016-table-ownership.md). Functions take the client or a transaction's.
import type { Prisma } from "../../generated/prisma/client.js";

type Client = Prisma.TransactionClient;

export const findExport = (db: Client, id: string) => db.accountExport.findUnique({ where: { id } });

/** The organisation an export is branded with; null when the user is gone. */
export const exportOwner = (db: Client, userId: string) =>
  db.user.findUnique({
    where: { id: userId },
    select: { organisation: { select: { key: true, name: true } } },
  });

export const completeExport = (db: Client, id: string, storageKey: string, size: number, now: Date) =>
  db.accountExport.update({
    where: { id },
    data: { state: "Completed", storageKey, size, completedAt: now },
  });

/** An export that failed its last try; none when it is already gone. */
export const failExport = (db: Client, id: string) =>
  db.accountExport.updateMany({ where: { id }, data: { state: "Failed" } });

/** Completed exports finished before `before`, oldest first (index state, completed_at). */
export const completedBefore = (db: Client, before: Date, take: number) =>
  db.accountExport.findMany({
    where: { state: "Completed", completedAt: { lte: before } },
    select: { id: true, storageKey: true },
    orderBy: { completedAt: "asc" },
    take,
  });

/** Marks an export Expired once its file is deleted (the retention job). */
export const expireExport = (db: Client, id: string) =>
  db.accountExport.update({ where: { id }, data: { state: "Expired", storageKey: null } });

// ---- asking for an export, and downloading it ----

/** One request at a time per user, for the length of the caller's transaction. */
export async function lockUserExports(tx: Client, userId: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`account-export:${userId}`}, 0))`;
}

/** The user's newest export still being built that was asked for after `since`. */
export const pendingExport = (tx: Client, userId: string, since: Date) =>
  tx.accountExport.findFirst({
    where: { userId, state: "Processing", createdAt: { gt: since } },
    orderBy: { createdAt: "desc" },
  });

/**
 * The user's entries whose last save left patient-identifier findings unresolved, or not yet
 * checked (count null, ADR 0029), newest first. The literal predicate lets the planner use the partial index on entries (user_id).
 */
export const flaggedEntries = (db: Client, userId: string) =>
  db.$queryRaw<{ id: string; count: number | null }[]>`
    SELECT id::text AS id, unresolved_findings AS count FROM entries
     WHERE user_id = ${userId}::uuid AND (unresolved_findings > 0 OR unresolved_findings IS NULL)
     ORDER BY date DESC NULLS LAST, id`;

export const createExport = (tx: Client, userId: string, now: Date) =>
  tx.accountExport.create({ data: { userId, createdAt: now } });

export const deleteExport = (db: Client, id: string) => db.accountExport.delete({ where: { id } });

export const completedExport = (db: Client, id: string, userId: string) =>
  db.accountExport.findFirst({ where: { id, userId, state: "Completed" } });

// ---- the whole-account import (import.ts) ----
// The one exception to "only the owning module writes a table" (docs/decisions/0016-table-ownership.md):
// restoring an export writes every exported table, rows as they were exported (ids kept), with one
// generic statement per table, in one transaction.

/** What import.ts restores with: the transaction's raw statements only. */
export type ImportTx = Pick<Prisma.TransactionClient, "$executeRawUnsafe" | "$queryRawUnsafe">;

const INSERT_BATCH = 500;

/** The ids among `wanted` (uuids) that `table` holds, lower case. */
export async function existingIds(tx: ImportTx, table: string, wanted: string[]) {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id::text AS id FROM "${table}" WHERE id = ANY($1::uuid[])`,
    wanted,
  );
  return new Set(rows.map((r) => r.id.toLowerCase()));
}

/** Inserts exported rows as they are (json_populate_recordset), in batches. */
export async function insertRows(
  tx: ImportTx,
  table: string,
  rows: Record<string, unknown>[],
  onConflict = "",
) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await tx.$executeRawUnsafe(
      `INSERT INTO "${table}" SELECT * FROM json_populate_recordset(NULL::"${table}", $1::json) ${onConflict}`,
      JSON.stringify(rows.slice(i, i + INSERT_BATCH)),
    );
  }
}

export async function formVersionId(tx: ImportTx, identifier: unknown, version: unknown) {
  const [row] = await tx.$queryRawUnsafe<{ id: string }[]>(
    "SELECT id::text AS id FROM form_definitions WHERE identifier = $1 AND version = $2",
    identifier,
    version,
  );
  return row;
}

export const organisationIdByKey = (tx: Client, key: string) =>
  tx.organisation.findUnique({
    where: { key },
    select: { id: true },
  });

export const userWithEmailOrId = (db: Client, email: string, id: string) =>
  db.user.findFirst({
    where: { OR: [{ email }, { id }] },
    select: { id: true },
  });

// Every query of the files table (StoredFile). My Files reads run as SQL on the shared pg
// pool; the storage used is a hot read of every upload's quota check. Other modules change a
// file row through these functions, passing their transaction client. Functions taking `db`
// accept the client or a transaction's.
import type { api, QueryOf, ResponseOf, TextCheckState } from "@cpd/contract";
import type pg from "pg";
import { Prisma } from "../../generated/prisma/client.js";
import { likePattern, listFilter } from "../../lib/sql-list.js";
import type { StoredFindings } from "./evidence-findings.js";

type Client = Prisma.TransactionClient;
type FileInfo = ResponseOf<typeof api.listFiles>["items"][number];

const FILE_SQL = `
SELECT f.id, f.filename, f.content_type, f.size, f.created_at, f.entry_id, e.type AS entry_type, e.title AS entry_title,
       f.text_check, f.identifier_findings
  FROM files f LEFT JOIN entries e ON e.id = f.entry_id`;

export interface FileRow {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  created_at: Date;
  entry_id: string | null;
  entry_type: FileInfo["entryType"];
  entry_title: string | null;
  text_check: TextCheckState | null;
  identifier_findings: StoredFindings | null;
}

export async function fileRow(pool: pg.Pool, id: string, userId: string) {
  const { rows } = await pool.query<FileRow>(`${FILE_SQL} WHERE f.id = $1 AND f.user_id = $2`, [id, userId]);
  return rows[0];
}

/** Bytes the user stores in all (the free-tier quota). */
export async function storageUsed(pool: pg.Pool, userId: string) {
  const { rows } = await pool.query<{ used: number }>(
    "SELECT coalesce(sum(size), 0)::bigint AS used FROM files WHERE user_id = $1",
    [userId],
  );
  return rows[0]?.used ?? 0;
}

// Personal documents have their own tab; My Files lists the rest.
const NOT_A_DOCUMENT = "NOT EXISTS (SELECT 1 FROM identity_documents d WHERE d.file_id = f.id)";

export async function listPage(
  pool: pg.Pool,
  userId: string,
  q: QueryOf<typeof api.listFiles>,
  perPage: number,
  page: number,
) {
  const filter = listFilter([userId], ["f.user_id = $1", NOT_A_DOCUMENT]);
  if (q.filter?.trim()) filter.add((p) => `lower(f.filename) LIKE ${p}`, likePattern(q.filter.trim()));
  const dir = q.sortDesc === false ? "ASC" : "DESC";
  const order = q.sortBy === "filename" ? `lower(f.filename) ${dir}, f.id` : `f.created_at ${dir}, f.id`;
  const { rows } = await pool.query<FileRow & { total: number }>(
    `${FILE_SQL.replace("SELECT", "SELECT count(*) OVER ()::int AS total,")} ${filter.where()} ORDER BY ${order} ${filter.page(perPage, page)}`,
    filter.values,
  );
  return rows;
}

export async function unassigned(pool: pg.Pool, userId: string) {
  const { rows } = await pool.query<{ id: string; filename: string }>(
    `SELECT f.id, f.filename FROM files f WHERE f.user_id = $1 AND f.entry_id IS NULL AND ${NOT_A_DOCUMENT} ORDER BY f.created_at DESC LIMIT 500`,
    [userId],
  );
  return rows;
}

export const findOwned = (db: Client, id: string, userId: string) =>
  db.storedFile.findFirst({ where: { id, userId } });

export const ownedFilename = (db: Client, id: string, userId: string) =>
  db.storedFile.findFirst({
    where: { id, userId },
    select: { filename: true },
  });

export const ownedEntryId = (db: Client, id: string, userId: string) =>
  db.storedFile.findFirst({ where: { id, userId }, select: { entryId: true } });

export const rename = (db: Client, id: string, filename: string) =>
  db.storedFile.update({ where: { id }, data: { filename } });

export const createFile = (tx: Client, data: Prisma.StoredFileUncheckedCreateInput) =>
  tx.storedFile.create({ data });

/** Deletes the user's file row (a document on it goes by cascade); null when there was none. */
export async function deleteOwnedReturning(tx: Client, id: string, userId: string) {
  const rows = await tx.$queryRaw<{ entry_id: string | null; storage_key: string }[]>`
      DELETE FROM files WHERE id = ${id}::uuid AND user_id = ${userId}::uuid RETURNING entry_id, storage_key`;
  return rows[0];
}

/** The file takes another stored object's content (an edited version kept); name, entry and id stay. */
export const replaceContent = (db: Client, id: string, content: { storageKey: string; size: bigint }) =>
  db.storedFile.update({ where: { id }, data: { storageKey: content.storageKey, size: content.size } });

/** Deletes a file row by id; its identity document goes with it by cascade. */
export const deleteById = (db: Client, id: string) => db.storedFile.delete({ where: { id } });

// Evidence: `files.entry_id` is the one record of an entry's evidence (entries/evidence.ts).

/** The user's files among `ids`, with whether their current entry is a signed record. */
export const evidenceCandidates = (tx: Client, ids: string[], userId: string) =>
  tx.storedFile.findMany({
    where: { id: { in: ids }, userId },
    select: { entryId: true, entry: { select: { supervisionLocked: true } } },
  });

/** Makes exactly `fileIds` (the user's own) the entry's evidence. */
export async function setEvidence(tx: Client, userId: string, entryId: string, fileIds: string[]) {
  await tx.storedFile.updateMany({ where: { entryId, id: { notIn: fileIds } }, data: { entryId: null } });
  if (fileIds.length)
    await tx.storedFile.updateMany({ where: { id: { in: fileIds }, userId }, data: { entryId } });
}

/** Takes one file out of an unsigned entry's evidence; answers how many rows changed. */
export const detachEvidence = (tx: Client, fileId: string, userId: string, entryId: string) =>
  tx.storedFile.updateMany({
    where: { id: fileId, userId, entryId, entry: { supervisionLocked: false } },
    data: { entryId: null },
  });

export const evidenceIds = (tx: Client, entryId: string) =>
  tx.storedFile.findMany({
    where: { entryId },
    select: { id: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });

/** A certificate's PDF in My Files: one row per storage key, so a retried job makes one. */
export const upsertByStorageKey = (
  tx: Client,
  create: Prisma.StoredFileUncheckedCreateInput & { storageKey: string },
  update: Prisma.StoredFileUncheckedUpdateInput,
) => tx.storedFile.upsert({ where: { storageKey: create.storageKey }, create, update });

export const attachToEntry = (tx: Client, id: string, entryId: string) =>
  tx.storedFile.update({ where: { id }, data: { entryId } });

// Patient identifiers in a file's text (ADR 0031): the worker's reading, kept with the row.

/** What the text check needs of a file, whoever owns it (the worker has only the id). */
export const forTextCheck = (db: Client, id: string) =>
  db.storedFile.findUnique({
    where: { id },
    select: { id: true, userId: true, storageKey: true, contentType: true, textCheck: true },
  });

/** Records the check's outcome; a file deleted meanwhile is left gone (no row, no error). */
export const setTextCheck = (
  db: Client,
  id: string,
  state: TextCheckState,
  findings: StoredFindings | null,
) =>
  db.storedFile.updateMany({
    where: { id },
    data: { textCheck: state, identifierFindings: findings === null ? Prisma.DbNull : { ...findings } },
  });

/**
 * The user's files that would leave with something (identifiers/gate.ts): those among `fileIds`,
 * those that are evidence of `entryIds`, or all of them. Name, kept findings and the check's state.
 */
export function leavingFiles(
  db: Client,
  userId: string,
  sel: { fileIds?: readonly string[]; entryIds?: readonly string[]; all?: boolean },
) {
  const or: Prisma.StoredFileWhereInput[] = [];
  if (sel.fileIds?.length) or.push({ id: { in: [...sel.fileIds] } });
  if (sel.entryIds?.length) or.push({ entryId: { in: [...sel.entryIds] } });
  if (!sel.all && !or.length) return Promise.resolve([]);
  return db.storedFile.findMany({
    where: { userId, ...(sel.all ? {} : { OR: or }) },
    select: { id: true, filename: true, identifierFindings: true, textCheck: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/**
 * Up to `batch` PDF and Word files uploaded before the evidence check (ADR 0031: text_check null),
 * marked pending; answers their ids for the caller to queue.
 */
export async function markUnreadPending(db: Client, types: readonly string[], batch: number) {
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE files SET text_check = 'pending'
     WHERE id IN (SELECT id FROM files WHERE text_check IS NULL AND content_type = ANY(${[...types]}::text[])
                   ORDER BY created_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows.map((r) => r.id);
}

/**
 * Up to `batch` files still being read that were uploaded before `before` (their job lost, or the
 * queue long behind): the sweep queues them again (the job id dedupes one still waiting).
 */
export async function stalePending(db: Client, before: Date, batch: number) {
  const rows = await db.storedFile.findMany({
    where: { textCheck: "pending", createdAt: { lt: before } },
    select: { id: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: batch,
  });
  return rows.map((r) => r.id);
}

/** Puts files marked pending by markUnreadPending back when their jobs could not be queued. */
export const markUnread = (db: Client, ids: string[]) =>
  db.storedFile.updateMany({ where: { id: { in: ids }, textCheck: "pending" }, data: { textCheck: null } });

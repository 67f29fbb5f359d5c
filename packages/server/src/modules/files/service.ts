// My Files: uploads streamed to S3 (never buffered whole), listing, renaming,
// deleting and downloading. Bytes live in S3 under opaque keys.
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  type api,
  FREE_STORAGE_BYTES,
  MAX_FILE_BYTES,
  type QueryOf,
  type ResponseOf,
  SUPERVISION_MESSAGES,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { AppError, notFound } from "../../lib/errors.js";
import { likePattern, listFilter } from "../../lib/sql-list.js";
import { Storage } from "../../lib/storage.js";
import { isFullMember, loadAccount, membershipFacts } from "../account/index.js";
import { lockEntry, refreshCompleteness } from "../entries/evidence.js";
import { FILE_MESSAGES, tooLarge, unsupportedType } from "./messages.js";
import { cleanFilename, extensionOf, OFFICE_TYPES, SNIFF_BYTES, sniffFileType } from "./sniff.js";
import {
  DEFAULT_UPLOAD_TIMEOUTS,
  feed,
  ooxmlCheck,
  UploadGuard,
  type UploadTimeouts,
  utf8Check,
} from "./upload-checks.js";

type FileInfo = ResponseOf<typeof api.listFiles>["items"][number];

export { FILE_MESSAGES } from "./messages.js";

export const FILE_NOT_FOUND = () => notFound("File not found", "FILE_NOT_FOUND");

const FILE_SQL = `
SELECT f.id, f.filename, f.content_type, f.size, f.created_at, f.entry_id, e.type AS entry_type, e.title AS entry_title
  FROM files f LEFT JOIN entries e ON e.id = f.entry_id`;

interface FileRow {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  created_at: Date;
  entry_id: string | null;
  entry_type: FileInfo["entryType"];
  entry_title: string | null;
}

const toInfo = (r: FileRow): FileInfo => ({
  id: r.id,
  storageId: r.id,
  filename: r.filename,
  url: `/api/file/${r.id}`,
  contentType: r.content_type,
  size: Number(r.size),
  dateUploaded: r.created_at.toISOString(),
  entryId: r.entry_id,
  entryType: r.entry_type,
  entryTitle: r.entry_title,
});

export async function fileInfo(deps: Deps, userId: string, id: string): Promise<FileInfo> {
  const { rows } = await deps.pool.query<FileRow>(`${FILE_SQL} WHERE f.id = $1 AND f.user_id = $2`, [
    id,
    userId,
  ]);
  if (!rows[0]) throw FILE_NOT_FOUND();
  return toInfo(rows[0]);
}

/** Reads until `n` bytes (or the end) have arrived; the rest stays in the stream. */
function peek(stream: Readable, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (err?: Error) => {
      stream.off("data", onData).off("end", onEnd).off("error", settle);
      stream.pause();
      if (err) reject(err);
      else resolve(Buffer.concat(chunks));
    };
    const onEnd = () => settle();
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= n) settle();
    };
    stream.on("data", onData).once("end", onEnd).once("error", settle);
  });
}

export interface UploadInput {
  userId: string;
  /** The `filename` query, or a multipart part's own filename. */
  filename: string | undefined;
  /**
   * A raw body's Content-Length (null when the client did not state it), or "unsized" for a
   * multipart form's file part, whose size is only known when it ends.
   */
  length: number | null | "unsized";
  body: Readable;
  entryId?: string;
  /** From the config (UPLOAD_IDLE_TIMEOUT_MS, UPLOAD_TIMEOUT_MS); tests inject short ones. */
  timeouts?: UploadTimeouts;
}

/** A signed supervision record's evidence is frozen: call with the entry row locked. */
async function refuseSignedEntry(tx: Prisma.TransactionClient, entryId: string) {
  if (await tx.entry.count({ where: { id: entryId, supervisionLocked: true } }))
    throw new AppError(409, "ENTRY_LOCKED", SUPERVISION_MESSAGES.signedLocked);
}

/**
 * Streams an upload to S3: a raw body's size and the quota are checked from Content-Length
 * first, the type from the first bytes, then the body passes a guard (size, idle and total
 * timeouts) and the type's own check on its way. A multipart part's size and quota are checked
 * as it passes and once it ends. Any failure removes the S3 object.
 */
export async function uploadFile(deps: Deps, input: UploadInput): Promise<FileInfo> {
  const { userId, length } = input;
  if (!input.filename) throw new AppError(400, "VALIDATION_ERROR", FILE_MESSAGES.filenameRequired);
  const filename = cleanFilename(input.filename);
  const declared = length === "unsized" ? null : length;
  if (length === null) throw new AppError(411, "LENGTH_REQUIRED", FILE_MESSAGES.lengthRequired);
  if (declared !== null && declared > MAX_FILE_BYTES) throw tooLarge();
  if (declared === 0) throw new AppError(400, "EMPTY_FILE", FILE_MESSAGES.empty);
  if (input.entryId) {
    const entry = await deps.prisma.entry.findFirst({
      where: { id: input.entryId, userId },
      select: { supervisionLocked: true },
    });
    if (!entry) throw notFound("Entry not found", "ENTRY_NOT_FOUND");
    if (entry.supervisionLocked) throw new AppError(409, "ENTRY_LOCKED", SUPERVISION_MESSAGES.signedLocked);
  }
  await checkQuota(deps, userId, declared ?? 0);

  // The timers start with the first read, and cover the sniffing as well.
  const guard = new UploadGuard(declared, input.timeouts ?? DEFAULT_UPLOAD_TIMEOUTS, MAX_FILE_BYTES);
  feed(input.body, guard);
  const head = await peek(guard, SNIFF_BYTES);
  if (head.length === 0) {
    guard.destroy();
    throw new AppError(400, "EMPTY_FILE", FILE_MESSAGES.empty);
  }
  const contentType = sniffFileType(head, filename);
  if (!contentType) {
    guard.destroy();
    throw unsupportedType();
  }
  const ext = extensionOf(filename);
  const checked =
    contentType === "text/plain"
      ? utf8Check()
      : OFFICE_TYPES[ext] === contentType
        ? ooxmlCheck(ext)
        : new PassThrough();
  checked.write(head);

  const key = Storage.newKey("files");
  let streamError: unknown;
  const stopPut = new AbortController();
  const piping = pipeline(guard, checked).catch((err) => {
    streamError = err;
    stopPut.abort(err);
  });
  try {
    if (declared === null)
      await deps.storage.putUnsized(key, checked, contentType, MAX_FILE_BYTES, stopPut.signal);
    else await deps.storage.put(key, checked, contentType, declared, stopPut.signal);
    await piping;
    if (streamError) throw streamError;
  } catch (err) {
    // A body error (size, type, timeout) stopped the put; otherwise the store failed (down, full)
    // and stopped reading: end the body's pipes, or they would wait for it for ever.
    const cause = streamError ?? err;
    guard.destroy();
    checked.destroy();
    await piping;
    await deps.storage.delete(key).catch(() => undefined);
    throw cause;
  }

  try {
    const size = guard.size;
    if (declared === null) await checkQuota(deps, userId, size);
    const id = await deps.prisma.$transaction(async (tx) => {
      if (input.entryId) {
        await lockEntry(tx, input.entryId);
        await refuseSignedEntry(tx, input.entryId);
      }
      const row = await tx.storedFile.create({
        data: { userId, storageKey: key, filename, contentType, size, entryId: input.entryId },
      });
      if (input.entryId) await refreshCompleteness(tx, input.entryId);
      return row.id;
    });
    return fileInfo(deps, userId, id);
  } catch (err) {
    await deps.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/** Non-premium users may store 100 MB (decimal) in all. */
async function checkQuota(deps: Deps, userId: string, incoming: number) {
  const account = await loadAccount(deps.pool, userId);
  if (!account) throw notFound();
  if (isFullMember(membershipFacts(account), deps.today())) return;
  const { rows } = await deps.pool.query<{ used: number }>(
    "SELECT coalesce(sum(size), 0)::bigint AS used FROM files WHERE user_id = $1",
    [userId],
  );
  if ((rows[0]?.used ?? 0) + incoming > FREE_STORAGE_BYTES)
    throw new AppError(403, "STORAGE_QUOTA", FILE_MESSAGES.quota);
}

// Personal documents have their own tab; My Files lists the rest.
const NOT_A_DOCUMENT = "NOT EXISTS (SELECT 1 FROM identity_documents d WHERE d.file_id = f.id)";

export async function listFiles(
  deps: Deps,
  userId: string,
  q: QueryOf<typeof api.listFiles>,
  perPage: number,
  page: number,
) {
  const filter = listFilter([userId], ["f.user_id = $1", NOT_A_DOCUMENT]);
  if (q.filter?.trim()) filter.add((p) => `lower(f.filename) LIKE ${p}`, likePattern(q.filter.trim()));
  const dir = q.sortDesc === false ? "ASC" : "DESC";
  const order = q.sortBy === "filename" ? `lower(f.filename) ${dir}, f.id` : `f.created_at ${dir}, f.id`;
  const { rows } = await deps.pool.query<FileRow & { total: number }>(
    `${FILE_SQL.replace("SELECT", "SELECT count(*) OVER ()::int AS total,")} ${filter.where()} ORDER BY ${order} ${filter.page(perPage, page)}`,
    filter.values,
  );
  return { items: rows.map(toInfo), total: rows[0]?.total ?? 0 };
}

export async function unassignedFiles(deps: Deps, userId: string) {
  const { rows } = await deps.pool.query<{ id: string; filename: string }>(
    `SELECT f.id, f.filename FROM files f WHERE f.user_id = $1 AND f.entry_id IS NULL AND ${NOT_A_DOCUMENT} ORDER BY f.created_at DESC LIMIT 500`,
    [userId],
  );
  return rows;
}

export async function renameFile(deps: Deps, userId: string, id: string, newFilename: string) {
  const current = await deps.prisma.storedFile.findFirst({
    where: { id, userId },
    select: { filename: true },
  });
  if (!current) throw FILE_NOT_FOUND();
  // The SPA edits the name without its extension: keep the original one.
  const ext = current.filename.includes(".") ? current.filename.slice(current.filename.lastIndexOf(".")) : "";
  let name = cleanFilename(newFilename);
  if (ext && !name.toLowerCase().endsWith(ext.toLowerCase())) name = cleanFilename(`${name}${ext}`);
  await deps.prisma.storedFile.update({ where: { id }, data: { filename: name } });
  return fileInfo(deps, userId, id);
}

/**
 * Deletes the row, which also takes it out of its entry's evidence (the row is
 * the one record of that), then the bytes. The entry is locked first, the order
 * every evidence change follows.
 */
export async function deleteFile(deps: Deps, userId: string, id: string) {
  const deleted = await deps.prisma.$transaction(async (tx) => {
    const file = await tx.storedFile.findFirst({ where: { id, userId }, select: { entryId: true } });
    if (!file) throw FILE_NOT_FOUND();
    if (file.entryId) {
      await lockEntry(tx, file.entryId);
      await refuseSignedEntry(tx, file.entryId);
    }
    const rows = await tx.$queryRaw<{ entry_id: string | null; storage_key: string }[]>`
      DELETE FROM files WHERE id = ${id}::uuid AND user_id = ${userId}::uuid RETURNING entry_id, storage_key`;
    const row = rows[0];
    if (!row) throw FILE_NOT_FOUND();
    if (row.entry_id) await refreshCompleteness(tx, row.entry_id);
    return row;
  });
  await deps.storage
    .delete(deleted.storage_key)
    .catch((err) => deps.log.warn({ err, key: deleted.storage_key }, "orphaned S3 object"));
  return {};
}

export async function openFile(deps: Deps, userId: string, id: string) {
  const file = await deps.prisma.storedFile.findFirst({ where: { id, userId } });
  if (!file) throw FILE_NOT_FOUND();
  const obj = await deps.storage.get(file.storageKey);
  if (!obj) throw FILE_NOT_FOUND();
  return { body: obj.body, filename: file.filename, contentType: file.contentType, size: Number(file.size) };
}

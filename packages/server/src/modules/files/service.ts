// My Files: uploads streamed to S3 (never buffered whole), listing, renaming,
// deleting and downloading. Bytes live in S3 under opaque keys.
import { PassThrough, type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type api, FREE_STORAGE_BYTES, MAX_FILE_BYTES, type QueryOf, type ResponseOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { AppError, notFound } from "../../lib/errors.js";
import { Storage } from "../../lib/storage.js";
import { isFullMember, loadAccount, membershipFacts } from "../account/index.js";
import { likePattern } from "../entries/list.js";
import { cleanFilename, sniffFileType } from "./sniff.js";

type FileInfo = ResponseOf<typeof api.listFiles>["items"][number];

export const FILE_MESSAGES = {
  tooLarge: "The file size cannot exceed 10MB",
  type: "This type of file is not accepted. Upload a PDF, an image (JPEG, PNG, GIF, BMP or WEBP), an Office document or a text file.",
  quota: "Storage limit reached! Upgrade to Premium to store more than 100 MB of files",
  lengthRequired: "The upload must state its size (Content-Length)",
  empty: "The file is empty",
} as const;

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
function peek(stream: Readable, n: number): Promise<{ head: Buffer; rest: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      stream.off("data", onData).off("end", done).off("error", reject);
      stream.pause();
      resolve({ head: Buffer.concat(chunks), rest: stream });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= n) done();
    };
    stream.on("data", onData).once("end", done).once("error", reject);
  });
}

/** Passes bytes through and fails the stream once more than `max` have passed. */
const limit = (max: number, already: number) => {
  let seen = already;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > max) cb(new AppError(413, "PAYLOAD_TOO_LARGE", FILE_MESSAGES.tooLarge));
      else cb(null, chunk);
    },
  });
};

export interface UploadInput {
  userId: string;
  filename: string;
  declaredLength: number | null;
  body: Readable;
  entryId?: string;
}

export async function uploadFile(deps: Deps, input: UploadInput): Promise<FileInfo> {
  const { userId, body } = input;
  const filename = cleanFilename(input.filename);
  if (input.declaredLength === null) throw new AppError(411, "LENGTH_REQUIRED", FILE_MESSAGES.lengthRequired);
  if (input.declaredLength > MAX_FILE_BYTES)
    throw new AppError(413, "PAYLOAD_TOO_LARGE", FILE_MESSAGES.tooLarge);
  if (input.declaredLength === 0) throw new AppError(400, "EMPTY_FILE", FILE_MESSAGES.empty);
  if (input.entryId) {
    const entry = await deps.prisma.entry.count({ where: { id: input.entryId, userId } });
    if (!entry) throw notFound("Entry not found", "ENTRY_NOT_FOUND");
  }
  await checkQuota(deps, userId, input.declaredLength);

  const { head, rest } = await peek(body, 512);
  const contentType = sniffFileType(head, filename);
  if (!contentType) throw new AppError(415, "UNSUPPORTED_FILE_TYPE", FILE_MESSAGES.type);

  const key = Storage.newKey("files");
  const counted = new PassThrough();
  counted.write(head);
  const guard = limit(input.declaredLength, head.length);
  let streamError: unknown;
  const piping = pipeline(rest, guard, counted).catch((err) => {
    streamError = err;
    counted.destroy(err);
  });
  try {
    await deps.storage.put(key, counted, contentType, input.declaredLength);
  } catch (err) {
    await piping;
    throw streamError ?? err;
  }
  await piping;
  if (streamError) {
    await deps.storage.delete(key).catch(() => undefined);
    throw streamError;
  }

  try {
    const id = await deps.prisma.$transaction(async (tx) => {
      const row = await tx.storedFile.create({
        data: {
          userId,
          storageKey: key,
          filename,
          contentType,
          size: input.declaredLength as number,
          entryId: input.entryId,
        },
      });
      if (input.entryId) await addEvidence(tx, input.entryId, row.id);
      return row.id;
    });
    return fileInfo(deps, userId, id);
  } catch (err) {
    await deps.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

async function addEvidence(tx: Prisma.TransactionClient, entryId: string, fileId: string) {
  const entry = await tx.entry.findUniqueOrThrow({ where: { id: entryId }, select: { values: true } });
  const values = entry.values as Record<string, unknown>;
  const list = Array.isArray(values.Evidence) ? (values.Evidence as string[]) : [];
  await tx.entry.update({
    where: { id: entryId },
    data: { values: { ...values, Evidence: [...list, fileId] } as Prisma.InputJsonValue },
  });
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
  const values: unknown[] = [userId];
  let where = `f.user_id = $1 AND ${NOT_A_DOCUMENT}`;
  if (q.filter?.trim()) {
    values.push(likePattern(q.filter.trim()));
    where += ` AND lower(f.filename) LIKE $${values.length}`;
  }
  const dir = q.sortDesc === false ? "ASC" : "DESC";
  const order = q.sortBy === "filename" ? `lower(f.filename) ${dir}, f.id` : `f.created_at ${dir}, f.id`;
  values.push(perPage, (page - 1) * perPage);
  const { rows } = await deps.pool.query<FileRow & { total: number }>(
    `${FILE_SQL.replace("SELECT", "SELECT count(*) OVER ()::int AS total,")} WHERE ${where} ORDER BY ${order} LIMIT $${values.length - 1} OFFSET $${values.length}`,
    values,
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
  let name = cleanFilename(newFilename);
  // The SPA edits the name without its extension: keep the original one.
  const ext = current.filename.includes(".") ? current.filename.slice(current.filename.lastIndexOf(".")) : "";
  if (ext && !name.toLowerCase().endsWith(ext.toLowerCase())) name = `${name}${ext}`.slice(0, 255);
  await deps.prisma.storedFile.update({ where: { id }, data: { filename: name } });
  return fileInfo(deps, userId, id);
}

/** Deletes the row (and its place in an entry's evidence), then the bytes. */
export async function deleteFile(deps: Deps, userId: string, id: string) {
  const file = await deps.prisma.storedFile.findFirst({ where: { id, userId } });
  if (!file) throw FILE_NOT_FOUND();
  await deps.prisma.$transaction(async (tx) => {
    if (file.entryId) {
      const entry = await tx.entry.findUnique({ where: { id: file.entryId }, select: { values: true } });
      const values = (entry?.values ?? {}) as Record<string, unknown>;
      if (Array.isArray(values.Evidence)) {
        values.Evidence = (values.Evidence as string[]).filter((x) => x !== id);
        await tx.entry.update({
          where: { id: file.entryId },
          data: { values: values as Prisma.InputJsonValue },
        });
      }
    }
    await tx.storedFile.delete({ where: { id } });
  });
  await deps.storage
    .delete(file.storageKey)
    .catch((err) => deps.log.warn({ err, key: file.storageKey }, "orphaned S3 object"));
  return {};
}

export async function openFile(deps: Deps, userId: string, id: string) {
  const file = await deps.prisma.storedFile.findFirst({ where: { id, userId } });
  if (!file) throw FILE_NOT_FOUND();
  const obj = await deps.storage.get(file.storageKey);
  if (!obj) throw FILE_NOT_FOUND();
  return { body: obj.body, filename: file.filename, contentType: file.contentType, size: Number(file.size) };
}

// My Files: uploads streamed to S3 (never buffered whole), listing, renaming,
// deleting and downloading. Bytes live in S3 under opaque keys.
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  type api,
  EDITABLE_IMAGE_TYPES,
  FILE_VERSION_MESSAGES,
  FREE_STORAGE_BYTES,
  MAX_FILE_BYTES,
  type QueryOf,
  type ResponseOf,
  SUPERVISION_MESSAGES,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { evidenceTextJob, evidenceTextJobId } from "../../jobs/definitions/evidence-text.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import { releaseOnceSent, Storage } from "../../lib/storage.js";
import { isFullMember, loadAccount, membershipFacts } from "../account/index.js";
import { lockEntry, refreshCompleteness } from "../entries/evidence.js";
import * as entriesRepo from "../entries/repository.js";
import { filenameFindings } from "./evidence-findings.js";
import { readsText } from "./evidence-text.js";
import { FILE_MESSAGES, tooLarge, unsupportedType } from "./messages.js";
import type { FileRow } from "./repository.js";
import * as repo from "./repository.js";
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

/** The row as its owner sees it, with what its name and text show of patients (ADR 0031). */
function toInfo(r: FileRow): FileInfo {
  const findings = [...filenameFindings(r.filename), ...(r.identifier_findings?.findings ?? [])];
  const more = (r.identifier_findings?.total ?? 0) - (r.identifier_findings?.findings.length ?? 0);
  return {
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
    ...(findings.length ? { identifierFindings: findings } : {}),
    ...(more > 0 ? { moreFindings: more } : {}),
    ...(r.text_check ? { textCheck: r.text_check } : {}),
  };
}

async function fileInfo(deps: Deps, userId: string, id: string): Promise<FileInfo> {
  const row = await repo.fileRow(deps.pool, id, userId);
  if (!row) throw FILE_NOT_FOUND();
  return toInfo(row);
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
  /**
   * The body's chunks are this upload's alone (a request read off its socket by Node's HTTP parser,
   * which hands over each chunk as a fresh buffer): their memory is freed as soon as S3 has them.
   * Not for a body whose chunks someone else still holds (inject()'s payload, a test's buffer).
   */
  ownsChunks?: boolean;
  entryId?: string;
  /** From the config (UPLOAD_IDLE_TIMEOUT_MS, UPLOAD_TIMEOUT_MS); tests inject short ones. */
  timeouts?: UploadTimeouts;
}

/** A signed supervision record's evidence is frozen: call with the entry row locked. */
async function refuseSignedEntry(tx: Prisma.TransactionClient, entryId: string) {
  if (await entriesRepo.isSupervisionLocked(tx, entryId))
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
    const entry = await entriesRepo.ownedLockState(deps.prisma, input.entryId, userId);
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
  const ooxml = OFFICE_TYPES[ext] === contentType;
  const checked = contentType === "text/plain" ? utf8Check() : ooxml ? ooxmlCheck(ext) : new PassThrough();
  checked.write(head);
  // Each chunk's memory goes as soon as S3 has it, unless the check keeps chunks (the ZIP's tail).
  const body = input.ownsChunks && !ooxml ? releaseOnceSent(checked) : checked;

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
    else await deps.storage.put(key, body, contentType, declared, stopPut.signal);
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
      const row = await repo.createFile(tx, {
        userId,
        storageKey: key,
        filename,
        contentType,
        size,
        entryId: input.entryId,
        textCheck: readsText(contentType) ? "pending" : null,
      });
      if (input.entryId) await refreshCompleteness(tx, input.entryId);
      return row.id;
    });
    if (readsText(contentType)) await enqueueTextCheck(deps, id);
    return fileInfo(deps, userId, id);
  } catch (err) {
    await deps.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/**
 * The worker reads the file's text (ADR 0031). The upload stands if the queue cannot take the job
 * (Redis away): the file says it could not be checked rather than "checking" for ever.
 */
async function enqueueTextCheck(deps: Deps, fileId: string) {
  try {
    await deps.queues.enqueue(evidenceTextJob, { fileId }, evidenceTextJobId(fileId));
  } catch (err) {
    deps.log.warn({ err, fileId }, "evidence text check not queued");
    await repo
      .setTextCheck(deps.prisma, fileId, "failed", null)
      .catch((e) => deps.log.warn({ err: e, fileId }, "evidence text check state not saved"));
  }
}

/** Non-premium users may store 100 MB (decimal) in all. */
async function checkQuota(deps: Deps, userId: string, incoming: number) {
  const account = await loadAccount(deps.pool, userId);
  if (!account) throw notFound();
  if (isFullMember(membershipFacts(account), deps.today())) return;
  if ((await repo.storageUsed(deps.pool, userId)) + incoming > FREE_STORAGE_BYTES)
    throw new AppError(403, "STORAGE_QUOTA", FILE_MESSAGES.quota);
}

export async function listFiles(
  deps: Deps,
  userId: string,
  q: QueryOf<typeof api.listFiles>,
  perPage: number,
  page: number,
) {
  const rows = await repo.listPage(deps.pool, userId, q, perPage, page);
  return { items: rows.map(toInfo), total: rows[0]?.total ?? 0 };
}

export async function unassignedFiles(deps: Deps, userId: string) {
  return repo.unassigned(deps.pool, userId);
}

export async function renameFile(deps: Deps, userId: string, id: string, newFilename: string) {
  const current = await repo.ownedFilename(deps.prisma, id, userId);
  if (!current) throw FILE_NOT_FOUND();
  // The SPA edits the name without its extension: keep the original one.
  const ext = current.filename.includes(".") ? current.filename.slice(current.filename.lastIndexOf(".")) : "";
  let name = cleanFilename(newFilename);
  if (ext && !name.toLowerCase().endsWith(ext.toLowerCase())) name = cleanFilename(`${name}${ext}`);
  await repo.rename(deps.prisma, id, name);
  return fileInfo(deps, userId, id);
}

/**
 * Deletes the row, which also takes it out of its entry's evidence (the row is
 * the one record of that), then the bytes. The entry is locked first, the order
 * every evidence change follows.
 */
export async function deleteFile(deps: Deps, userId: string, id: string) {
  const deleted = await deps.prisma.$transaction(async (tx) => {
    const file = await repo.ownedEntryId(tx, id, userId);
    if (!file) throw FILE_NOT_FOUND();
    if (file.entryId) {
      await lockEntry(tx, file.entryId);
      await refuseSignedEntry(tx, file.entryId);
    }
    const row = await repo.deleteOwnedReturning(tx, id, userId);
    if (!row) throw FILE_NOT_FOUND();
    if (row.entry_id) await refreshCompleteness(tx, row.entry_id);
    return row;
  });
  await deps.storage
    .delete(deleted.storage_key)
    .catch((err) => deps.log.warn({ err, key: deleted.storage_key }, "orphaned S3 object"));
  return {};
}

const notEditable = () => badRequest(FILE_VERSION_MESSAGES.notEditable, "UNSUPPORTED_IMAGE");
const EDITABLE = new Set<string>(EDITABLE_IMAGE_TYPES);

/**
 * Keeps an edited version of an image (docs/decisions/0025-governing-body-pages.md): the file takes
 * the version's stored object, keeping its id, name and entry; the version's row goes, then the
 * original's bytes. The entry is locked first, as for every evidence change.
 */
export async function replaceFileContent(deps: Deps, userId: string, id: string, versionId: string) {
  const oldKey = await deps.prisma.$transaction(async (tx) => {
    const [file, version] = await Promise.all([
      repo.findOwned(tx, id, userId),
      repo.findOwned(tx, versionId, userId),
    ]);
    if (!file || !version) throw FILE_NOT_FOUND();
    if (id === versionId) throw notEditable();
    if (!EDITABLE.has(file.contentType) || version.contentType !== file.contentType || version.entryId) {
      throw notEditable();
    }
    if (file.entryId) {
      await lockEntry(tx, file.entryId);
      await refuseSignedEntry(tx, file.entryId);
    }
    await repo.deleteById(tx, versionId);
    await repo.replaceContent(tx, id, { storageKey: version.storageKey, size: version.size });
    return file.storageKey;
  });
  await deps.storage.delete(oldKey).catch((err) => deps.log.warn({ err, key: oldKey }, "orphaned S3 object"));
  return fileInfo(deps, userId, id);
}

export async function openFile(deps: Deps, userId: string, id: string) {
  const file = await repo.findOwned(deps.prisma, id, userId);
  if (!file) throw FILE_NOT_FOUND();
  const obj = await deps.storage.get(file.storageKey);
  if (!obj) throw FILE_NOT_FOUND();
  return { body: obj.body, filename: file.filename, contentType: file.contentType, size: Number(file.size) };
}

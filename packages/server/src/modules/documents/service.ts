// Personal documents (REQ-PROFILE-06): an uploaded file recorded with a type, a
// name and, for passports and driving licences, an expiry date.
import {
  type api,
  type BodyOf,
  DOCUMENT_FILE_TYPES,
  DOCUMENT_MESSAGES,
  DOCUMENT_NAME_MAX_LENGTH,
  EXPIRING_DOCUMENT_TYPES,
  type ResponseOf,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { dateColumn, toDateColumn } from "../../lib/dates.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import * as filesRepo from "../files/repository.js";
import { FILE_NOT_FOUND } from "../files/service.js";
import * as repo from "./repository.js";

type Doc = ResponseOf<typeof api.createDocument>;

const STANDARD_NAMES: Record<string, string> = { PASSPORT: "Passport", DRIVING_LICENCE: "Driving Licence" };

const toDoc = (d: {
  id: string;
  fileId: string;
  type: string;
  name: string;
  expiryDate: Date | null;
  uploadDate: Date;
  file: { contentType: string; filename: string };
}): Doc => ({
  id: d.id,
  uploadStorageId: d.fileId,
  type: d.type,
  name: d.name,
  expiryDate: dateColumn(d.expiryDate),
  uploadDate: d.uploadDate.toISOString(),
  fileType: d.file.contentType,
  filename: d.file.filename,
});

export async function createDocument(deps: Deps, userId: string, body: BodyOf<typeof api.createDocument>) {
  const name = body.name.trim();
  if (!name) throw badRequest(DOCUMENT_MESSAGES.nameRequired, "NAME_REQUIRED");
  if (name.length > DOCUMENT_NAME_MAX_LENGTH)
    throw badRequest(DOCUMENT_MESSAGES.nameTooLong, "NAME_TOO_LONG");
  const expiring = (EXPIRING_DOCUMENT_TYPES as readonly string[]).includes(body.type);
  if (expiring && !body.expiryDate) throw badRequest(DOCUMENT_MESSAGES.expiryRequired, "EXPIRY_REQUIRED");
  const file = await repo.ownedFileWithDocuments(deps.prisma, body.uploadStorageId, userId);
  if (!file) throw FILE_NOT_FOUND();
  if (!DOCUMENT_FILE_TYPES.includes(file.contentType))
    throw new AppError(415, "UNSUPPORTED_FILE_TYPE", DOCUMENT_MESSAGES.storedFileType);
  if (file.documents.length || file.entryId) throw badRequest(DOCUMENT_MESSAGES.fileInUse, "FILE_IN_USE");
  const standard = STANDARD_NAMES[body.type];
  const ext = file.filename.includes(".") ? file.filename.slice(file.filename.lastIndexOf(".")) : "";
  const doc = await deps.prisma.$transaction(async (tx) => {
    if (standard) await filesRepo.rename(tx, file.id, `${standard}${ext}`);
    return repo.createDocument(tx, {
      userId,
      fileId: file.id,
      type: body.type,
      name,
      expiryDate: toDateColumn(body.expiryDate ?? null),
    });
  });
  return toDoc(doc);
}

export async function listDocuments(deps: Deps, userId: string, type?: string) {
  const docs = await repo.listOwned(deps.prisma, userId, type);
  return docs.map(toDoc);
}

/** Deletes the document and its file, bytes last so nothing points at a missing object. */
export async function deleteDocument(deps: Deps, userId: string, id: string) {
  const doc = await repo.findOwned(deps.prisma, id, userId);
  if (!doc) throw notFound("Document not found", "DOCUMENT_NOT_FOUND");
  await filesRepo.deleteById(deps.prisma, doc.fileId); // cascades to the document
  await deps.storage.delete(doc.file.storageKey).catch((err) => deps.log.warn({ err }, "orphaned S3 object"));
  return {};
}

// Personal documents (spec 1 §3, §5): an uploaded file recorded with a type, a
// name and, for passports and driving licences, an expiry date.
import {
  type api,
  type BodyOf,
  DOCUMENT_FILE_TYPES,
  DOCUMENT_NAME_MAX_LENGTH,
  EXPIRING_DOCUMENT_TYPES,
  type ResponseOf,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { dateColumn, toDateColumn } from "../../lib/dates.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import { FILE_NOT_FOUND } from "../files/service.js";

type Doc = ResponseOf<typeof api.createDocument>;

export const DOCUMENT_MESSAGES = {
  nameRequired: "Please enter a document name.",
  nameTooLong: `The document name cannot be longer than ${DOCUMENT_NAME_MAX_LENGTH} characters.`,
  expiryRequired: "Please enter the expiry date for your document.",
  fileType: "Documents must be an image (JPEG, PNG, GIF, BMP or WEBP) or a PDF.",
  fileInUse: "This file is already used by another document or an entry.",
} as const;

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
  const file = await deps.prisma.storedFile.findFirst({
    where: { id: body.uploadStorageId, userId },
    include: { documents: { select: { id: true } } },
  });
  if (!file) throw FILE_NOT_FOUND();
  if (!DOCUMENT_FILE_TYPES.includes(file.contentType))
    throw new AppError(415, "UNSUPPORTED_FILE_TYPE", DOCUMENT_MESSAGES.fileType);
  if (file.documents.length || file.entryId) throw badRequest(DOCUMENT_MESSAGES.fileInUse, "FILE_IN_USE");
  const standard = STANDARD_NAMES[body.type];
  const ext = file.filename.includes(".") ? file.filename.slice(file.filename.lastIndexOf(".")) : "";
  const doc = await deps.prisma.$transaction(async (tx) => {
    if (standard)
      await tx.storedFile.update({ where: { id: file.id }, data: { filename: `${standard}${ext}` } });
    return tx.identityDocument.create({
      data: {
        userId,
        fileId: file.id,
        type: body.type,
        name,
        expiryDate: toDateColumn(body.expiryDate ?? null),
      },
      include: { file: { select: { contentType: true, filename: true } } },
    });
  });
  return toDoc(doc);
}

export async function listDocuments(deps: Deps, userId: string, type?: string) {
  const docs = await deps.prisma.identityDocument.findMany({
    where: { userId, ...(type && type !== "ALL" ? { type } : {}) },
    orderBy: { uploadDate: "desc" },
    take: 500,
    include: { file: { select: { contentType: true, filename: true } } },
  });
  return docs.map(toDoc);
}

/** Deletes the document and its file, bytes last so nothing points at a missing object. */
export async function deleteDocument(deps: Deps, userId: string, id: string) {
  const doc = await deps.prisma.identityDocument.findFirst({
    where: { id, userId },
    include: { file: true },
  });
  if (!doc) throw notFound("Document not found", "DOCUMENT_NOT_FOUND");
  await deps.prisma.storedFile.delete({ where: { id: doc.fileId } }); // cascades to the document
  await deps.storage.delete(doc.file.storageKey).catch((err) => deps.log.warn({ err }, "orphaned S3 object"));
  return {};
}

// Every query of the documents module (IdentityDocument). A document's file row belongs to
// the files module: documents change it through files/repository.ts.
import type { Prisma } from "../../generated/prisma/client.js";

type Client = Prisma.TransactionClient;

const WITH_FILE = { file: { select: { contentType: true, filename: true } } } as const;

/** The user's file with the documents already made of it. */
export const ownedFileWithDocuments = (db: Client, fileId: string, userId: string) =>
  db.storedFile.findFirst({
    where: { id: fileId, userId },
    include: { documents: { select: { id: true } } },
  });

export const createDocument = (
  tx: Client,
  data: { userId: string; fileId: string; type: string; name: string; expiryDate: Date | null },
) =>
  tx.identityDocument.create({
    data,
    include: WITH_FILE,
  });

export const listOwned = (db: Client, userId: string, type?: string) =>
  db.identityDocument.findMany({
    where: { userId, ...(type && type !== "ALL" ? { type } : {}) },
    orderBy: { uploadDate: "desc" },
    take: 500,
    include: WITH_FILE,
  });

export const findOwned = (db: Client, id: string, userId: string) =>
  db.identityDocument.findFirst({
    where: { id, userId },
    include: { file: true },
  });

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

export interface ExpiringDocumentRow {
  id: string;
  user_id: string;
  expiry_date: string;
}

/**
 * Documents expiring from `today` to `until` (inclusive), in id order after `afterId`: the daily
 * job's reminders before expiry (modules/account-deletion/lifecycle.ts), on the expiry index.
 */
export const expiringDocuments = (db: Client, today: string, until: string, afterId: string, limit: number) =>
  db.$queryRaw<ExpiringDocumentRow[]>`
    SELECT id::text, user_id::text, expiry_date::text
      FROM identity_documents
     WHERE expiry_date BETWEEN ${today}::date AND ${until}::date AND id > ${afterId}::uuid
     ORDER BY id
     LIMIT ${limit}`;

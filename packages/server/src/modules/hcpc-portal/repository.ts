// Every write of hcpc_access (docs/decisions/0016-table-ownership.md): a link is stored as its
// token's SHA-256 only.
import type { Prisma } from "../../generated/prisma/client.js";

type Client = Prisma.TransactionClient;

export const createAccess = (
  db: Client,
  a: { tokenHash: string; userId: string; dateFrom: Date; dateTo: Date; expiresAt: Date },
) =>
  db.hcpcAccess.create({
    data: {
      tokenHash: a.tokenHash,
      userId: a.userId,
      dateFrom: a.dateFrom,
      dateTo: a.dateTo,
      expiresAt: a.expiresAt,
    },
  });

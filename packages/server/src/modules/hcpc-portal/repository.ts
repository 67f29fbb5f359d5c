// Every write of hcpc_access and hcpc_gap_explanation (docs/decisions/0016-table-ownership.md):
// a link is stored as its token's SHA-256 only.
import type { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../lib/db.js";

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

/** A link's gap explanations, oldest gap first. */
export const findGapExplanations = (db: Client, tokenHash: string) =>
  db.hcpcGapExplanation.findMany({
    where: { tokenHash },
    orderBy: [{ dateFrom: "asc" }, { dateTo: "asc" }],
    select: { dateFrom: true, dateTo: true, explanation: true },
  });

/**
 * Replaces a link's gap explanations (ADR 0027). The link's row is locked first, so two saves at
 * once run one after the other instead of inserting the same gap twice.
 */
export const replaceGapExplanations = (
  db: Db,
  tokenHash: string,
  gaps: { dateFrom: Date; dateTo: Date; explanation: string }[],
) =>
  db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM hcpc_access WHERE token_hash = ${tokenHash} FOR UPDATE`;
    await tx.hcpcGapExplanation.deleteMany({ where: { tokenHash } });
    await tx.hcpcGapExplanation.createMany({ data: gaps.map((g) => ({ tokenHash, ...g })) });
  });

// Every write of membership_records, the register of professional-body memberships held outside
// the product (docs/decisions/0016-table-ownership.md).
import type { Prisma } from "../../generated/prisma/client.js";

type Client = Prisma.TransactionClient;

export const createMembershipRecord = (db: Client, data: Prisma.MembershipRecordCreateInput) =>
  db.membershipRecord.create({ data, select: { id: true } });

export const updateMembershipRecord = (db: Client, id: string, data: Prisma.MembershipRecordUpdateInput) =>
  db.membershipRecord.update({ where: { id }, data });

/**
 * One statement: new type+identifier pairs inserted, known ones get the new address. Answers one
 * row per record, `inserted` false for those updated.
 */
export const upsertMembershipRecords = (
  db: Client,
  rows: { type: string; identifier: string; email: string }[],
) =>
  db.$queryRaw<{ inserted: boolean }[]>`
        INSERT INTO membership_records (id, type, identifier, email, updated_at)
        SELECT gen_random_uuid(), t.type, t.identifier, t.email, now()
          FROM unnest(${rows.map((c) => c.type)}::text[], ${rows.map((c) => c.identifier)}::text[],
                      ${rows.map((c) => c.email)}::text[]) AS t(type, identifier, email)
        ON CONFLICT (type, identifier) DO UPDATE SET email = EXCLUDED.email, updated_at = now()
        RETURNING (xmax = 0) AS inserted`;

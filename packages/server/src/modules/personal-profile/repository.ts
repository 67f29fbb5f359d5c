// Every write of personal_profiles and user_tags (docs/decisions/0016-table-ownership.md).
// Functions taking `db` accept the client or a transaction's.
import type { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../lib/db.js";

type Client = Prisma.TransactionClient;

/** Sets some of the user's personal profile fields (creates the row of a user who had none). */
export const savePersonalProfile = (
  db: Client,
  userId: string,
  data: Omit<Prisma.PersonalProfileUncheckedCreateInput, "userId">,
) => db.personalProfile.upsert({ where: { userId }, update: data, create: { userId, ...data } });

/** Replaces the user's tags, in this order, in one transaction. */
export const replaceTags = (db: Db, userId: string, names: string[]) =>
  db.$transaction([
    db.userTag.deleteMany({ where: { userId } }),
    db.userTag.createMany({ data: names.map((name, position) => ({ userId, name, position })) }),
  ]);

/** The signature saved in the profile, as a data URL, or null. */
export const savedSignature = async (db: Client, userId: string) =>
  (await db.personalProfile.findUnique({ where: { userId }, select: { signature: true } }))?.signature ??
  null;

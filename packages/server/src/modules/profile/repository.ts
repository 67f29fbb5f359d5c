// Every write of the profiles table (docs/decisions/0016-table-ownership.md). Functions taking
// `db` accept the client or a transaction's.
import type { Prisma } from "../../generated/prisma/client.js";

type Client = Prisma.TransactionClient;

/** The basic details (and the verified flags that go with the contact details). */
export const updateBasicDetails = (db: Client, userId: string, data: Prisma.ProfileUpdateInput) =>
  db.profile.update({ where: { userId }, data });

export const setProfileImage = (db: Client, userId: string, imageKey: string, imageContentType: string) =>
  db.profile.update({ where: { userId }, data: { imageKey, imageContentType } });

export const setGoverningBodies = (db: Client, userId: string, governingBodies: string[]) =>
  db.profile.update({ where: { userId }, data: { governingBodies } });

/** The same, as a conditional update: no error when the profile is gone (onboarding). */
export const recordGoverningBodies = (db: Client, userId: string, governingBodies: string[]) =>
  db.profile.updateMany({ where: { userId }, data: { governingBodies } });

/**
 * Marks a contact detail verified, only if the profile still holds the value the code was sent
 * to. Answers how many rows changed (1 or 0).
 */
export const markContactVerified = (
  db: Client,
  userId: string,
  channel: "mobile" | "alternative-email",
  target: string,
) =>
  channel === "mobile"
    ? db.profile.updateMany({ where: { userId, mobileNumber: target }, data: { mobileVerified: true } })
    : db.profile.updateMany({
        where: { userId, alternativeEmail: target },
        data: { alternativeEmailVerified: true },
      });

/** The profiles of new users, one statement. */
export const createProfiles = (db: Client, rows: { userId: string; firstName: string; lastName: string }[]) =>
  db.profile.createMany({ data: rows });

// ---- Reads ----

export const profileOf = (db: Client, userId: string) => db.profile.findUnique({ where: { userId } });

/** The profile's columns that `select` names, or null. */
export const findProfile = <S extends Prisma.ProfileSelect>(db: Client, userId: string, select: S) =>
  db.profile.findUnique({ where: { userId }, select });

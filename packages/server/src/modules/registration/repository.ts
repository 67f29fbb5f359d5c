// Every query of registration and onboarding. Functions taking `db` accept the client or a
// transaction's.
import { ROLES } from "@cpd/contract";
import type { Prisma } from "../../generated/prisma/client.js";
import { type IsoDate, toDateColumn } from "../../lib/dates.js";
import type { Db } from "../../lib/db.js";

type Client = Prisma.TransactionClient;

/** The one indexed lookup of an address (users.email is unique and stored lower-cased). */
export const userIdByEmail = (db: Client, email: string) =>
  db.user.findUnique({ where: { email }, select: { id: true } });

export interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  mobileNumber: string | null;
  trial: { start: IsoDate; end: IsoDate };
}

/** Which e-mails are rate limited per user: at most one per LIFECYCLE.confirmationResendMinutes. */
export type GatedMail = "confirm-email" | "already-registered";
const noticeKind = (mail: GatedMail) => `mail:${mail}`;

/**
 * Takes the user's slot for one e-mail of this kind, as one conditional upsert on the user's
 * notice row (keyed by the account's creation day, so one row per user and kind): false when
 * one went out less than `minutes` ago (or the user is gone).
 */
export async function claimMailSlot(db: Client, userId: string, mail: GatedMail, now: Date, minutes: number) {
  const since = new Date(now.getTime() - minutes * 60_000);
  const n = await db.$executeRaw`
    INSERT INTO account_notices (user_id, kind, due_date, sent_at)
    SELECT u.id, ${noticeKind(mail)}, (u.created_at AT TIME ZONE 'Europe/London')::date, ${now}
      FROM users u WHERE u.id = ${userId}::uuid
    ON CONFLICT (user_id, kind, due_date) DO UPDATE SET sent_at = EXCLUDED.sent_at
     WHERE account_notices.sent_at <= ${since}`;
  return n === 1;
}

/** Gives the slot back when the e-mail could not be queued (so the next try sends at once). */
export const releaseMailSlot = (db: Client, userId: string, mail: GatedMail) =>
  db.accountNotice.deleteMany({ where: { userId, kind: noticeKind(mail) } });

/**
 * A self-registered account in one transaction: user (unconfirmed), credential, role
 * User-Basic, profile, inactive BASIC membership, trial, the activity log line (no personal
 * data), and the confirmation e-mail's slot (the registration sends the first one).
 * A second registration of the address fails on users.email's unique index.
 */
export function createAccount(db: Db, a: NewAccount, now: Date, resendMinutes: number): Promise<string> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        email: a.email,
        createdAt: now,
        emailConfirmedAt: null,
        credential: { create: { passwordHash: a.passwordHash, passwordChangedAt: now } },
        roles: { create: [{ role: ROLES.userBasic }] },
        profile: {
          create: {
            firstName: a.firstName,
            lastName: a.lastName,
            jobTitle: a.jobTitle,
            mobileNumber: a.mobileNumber,
          },
        },
        membership: { create: { tier: "BASIC", active: false } },
        trial: {
          create: {
            startDate: toDateColumn(a.trial.start) as Date,
            endDate: toDateColumn(a.trial.end) as Date,
          },
        },
      },
      select: { id: true },
    });
    await tx.activityLog.create({ data: { action: "account.registered", actorId: user.id, at: now } });
    await claimMailSlot(tx, user.id, "confirm-email", now, resendMinutes);
    return user.id;
  });
}

/** Undoes a registration whose confirmation e-mail could not be queued (the person may retry). */
export const removeAccount = (db: Db, userId: string) =>
  db.$transaction([
    // The log is append-only: its line loses the id and a second line says it was undone.
    db.activityLog.updateMany({ where: { actorId: userId }, data: { actorId: null } }),
    db.activityLog.create({ data: { action: "account.registration-undone", actorId: null } }),
    db.user.deleteMany({ where: { id: userId, emailConfirmedAt: null } }),
  ]);

/** Confirms the address of a user (once: a later confirmation keeps the first instant). */
export const confirmAddress = (db: Client, userId: string, now: Date) =>
  db.user.updateMany({ where: { id: userId, emailConfirmedAt: null }, data: { emailConfirmedAt: now } });

/** What the onboarding page shows of the link's account. */
export const onboardingFacts = (db: Client, userId: string) =>
  db.user.findUnique({
    where: { id: userId },
    select: {
      email: true,
      profile: { select: { firstName: true } },
      organisation: { select: { name: true } },
    },
  });

/** The onboarding's choices: the governing body (none for "Other / None") and, if still
 * unconfirmed, the address (the link reached it). */
export async function completeOnboardingFacts(
  db: Client,
  userId: string,
  governingBodies: string[],
  now: Date,
) {
  await db.profile.updateMany({ where: { userId }, data: { governingBodies } });
  await confirmAddress(db, userId, now);
}

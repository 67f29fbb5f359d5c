// Hot reads of a user's account, as typed SQL on the shared pg pool: the
// dashboard makes these calls on every load (ADR 0002). And every write of the users,
// user_roles and trials tables (docs/decisions/0016-table-ownership.md): functions taking `db`
// accept the client or a transaction's.
import { ROLES, TRIAL_COUNTED_ENTRY_TYPE } from "@cpd/contract";
import type pg from "pg";
import type { Prisma } from "../../generated/prisma/client.js";
import { type IsoDate, toDateColumn } from "../../lib/dates.js";
import type { MembershipFacts } from "./membership-rules.js";

type Client = Prisma.TransactionClient;

export interface AccountRow {
  id: string;
  email: string;
  created_date: string;
  organisation_id: number | null;
  organisation_name: string | null;
  organisation_enabled: boolean | null;
  first_name: string;
  last_name: string;
  job_title: string | null;
  nickname: string | null;
  mobile_number: string | null;
  mobile_verified: boolean;
  alternative_email: string | null;
  alternative_email_verified: boolean;
  has_image: boolean;
  tier: "BASIC" | "PREMIUM" | "CORPORATE" | null;
  active: boolean;
  membership_end: string | null;
  trial_end: string | null;
  diary_entries: number;
  tags: string[];
}

export const ACCOUNT_SQL = `
SELECT u.id, u.email, (u.created_at AT TIME ZONE 'Europe/London')::date AS created_date,
       u.organisation_id, o.name AS organisation_name, o.enabled AS organisation_enabled,
       p.first_name, p.last_name, p.job_title, p.nickname, p.mobile_number, p.mobile_verified,
       p.alternative_email, p.alternative_email_verified, p.image_key IS NOT NULL AS has_image,
       m.tier, COALESCE(m.active, false) AS active, m.end_date AS membership_end, t.end_date AS trial_end,
       (SELECT count(*)::int FROM entries e WHERE e.user_id = u.id AND e.type = '${TRIAL_COUNTED_ENTRY_TYPE}') AS diary_entries,
       COALESCE((SELECT array_agg(g.name ORDER BY g.position, g.name) FROM user_tags g WHERE g.user_id = u.id), '{}') AS tags
  FROM users u
  JOIN profiles p ON p.user_id = u.id
  LEFT JOIN memberships m ON m.user_id = u.id
  LEFT JOIN trials t ON t.user_id = u.id
  LEFT JOIN organisations o ON o.id = u.organisation_id
 WHERE u.id = $1`;

export async function loadAccount(pool: pg.Pool, userId: string): Promise<AccountRow | null> {
  const { rows } = await pool.query<AccountRow>({
    name: "load-account",
    text: ACCOUNT_SQL,
    values: [userId],
  });
  return rows[0] ?? null;
}

export const membershipFacts = (a: AccountRow): MembershipFacts => ({
  accountCreatedDate: a.created_date,
  tier: a.tier,
  active: a.active,
  membershipEndDate: a.membership_end,
  trialEndDate: a.trial_end,
  diaryEntries: a.diary_entries,
});

// ---- Writes ----

/**
 * Retires every token the user holds (logout everywhere, password change or reset, role
 * change): tokens carry the version. Pass a transaction to bump inside it, then call
 * invalidateSession (./session.ts) after it commits.
 */
export const bumpTokenVersion = (db: Client, userId: string) =>
  db.user.update({ where: { id: userId }, data: { tokenVersion: { increment: 1 } } });

/** The same for several users (a role moved between them). */
export const bumpTokenVersions = (db: Client, userIds: string[]) =>
  db.user.updateMany({ where: { id: { in: userIds } }, data: { tokenVersion: { increment: 1 } } });

/** Retires every session of the user; nothing (no error) when the user is gone. */
export const revokeSessions = (db: Client, userId: string) =>
  db.user.updateMany({ where: { id: userId }, data: { tokenVersion: { increment: 1 } } });

/** Replaces a user's roles (no token bump: see setRoles in ./session.ts). */
export async function replaceRoles(db: Client, userId: string, roles: readonly string[]) {
  await db.userRole.deleteMany({ where: { userId } });
  if (roles.length) await db.userRole.createMany({ data: roles.map((role) => ({ userId, role })) });
}

/** Gives one role to each of the users. */
export const grantRole = (db: Client, role: string, userIds: string[]) =>
  db.userRole.createMany({ data: userIds.map((userId) => ({ userId, role })) });

/** Takes one role from each of the users. */
export const revokeRole = (db: Client, role: string, userIds: string[]) =>
  db.userRole.deleteMany({ where: { role, userId: { in: userIds } } });

export const recordLogin = (db: Client, userId: string, now: Date) =>
  db.user.update({ where: { id: userId }, data: { lastLoginAt: now } });

/** A sign-in through the organisation's provider, which has verified the address: an unconfirmed
 * account is now confirmed. */
export const recordProviderLogin = (db: Client, userId: string, now: Date, confirm: boolean) =>
  db.user.update({
    where: { id: userId },
    data: { lastLoginAt: now, ...(confirm ? { emailConfirmedAt: now } : {}) },
  });

/** Confirms the address of a user (once: a later confirmation keeps the first instant). */
export const confirmAddress = (db: Client, userId: string, now: Date) =>
  db.user.updateMany({ where: { id: userId, emailConfirmedAt: null }, data: { emailConfirmedAt: now } });

/** The new address (confirmed by the link that carried it), every session retired. */
export const setEmail = (db: Client, userId: string, email: string, now: Date) =>
  db.user.update({
    where: { id: userId },
    data: { email, emailConfirmedAt: now, tokenVersion: { increment: 1 } },
  });

export interface NewRegisteredUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  mobileNumber: string | null;
  trial: { start: IsoDate; end: IsoDate };
}

/**
 * A self-registered user (unconfirmed) with what comes with it, in one statement: credential,
 * role User-Basic, profile, inactive BASIC membership, trial. Fails on users.email's unique
 * index when the address has an account.
 */
export const createRegisteredUser = (db: Client, a: NewRegisteredUser, now: Date) =>
  db.user.create({
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

/**
 * A corporate member of an organisation whose provider has confirmed the address, without a
 * password, in one statement: role User-Basic, profile, active CORPORATE membership.
 */
export const createProviderMember = (
  db: Client,
  m: { email: string; organisationId: number; firstName: string; lastName: string; today: IsoDate },
  now: Date,
) =>
  db.user.create({
    data: {
      email: m.email,
      organisationId: m.organisationId,
      createdAt: now,
      lastLoginAt: now,
      emailConfirmedAt: now,
      roles: { create: [{ role: ROLES.userBasic }] },
      profile: { create: { firstName: m.firstName, lastName: m.lastName } },
      membership: {
        create: {
          tier: "CORPORATE",
          active: true,
          memberSince: toDateColumn(m.today),
          membershipSource: "Organisation",
        },
      },
    },
    select: { id: true },
  });

/** Users of an organisation, unconfirmed and without a password, under the ids given. */
export const createOrganisationUsers = (
  db: Client,
  organisationId: number,
  users: { id: string; email: string }[],
  now: Date,
) =>
  db.user.createMany({
    data: users.map(({ id, email }) => ({
      id,
      email,
      organisationId,
      createdAt: now,
      emailConfirmedAt: null,
    })),
  });

/** The day the user chose for their account's deletion. */
export const setDeletionDate = (db: Client, userId: string, day: Date | null) =>
  db.user.update({ where: { id: userId }, data: { deletionScheduledFor: day } });

/** Due today, and signed out everywhere at once (the deletion itself is queued). */
export const markDueNow = (db: Client, userId: string, today: Date | null) =>
  db.user.update({
    where: { id: userId },
    data: { deletionScheduledFor: today, tokenVersion: { increment: 1 } },
  });

/** Clears a scheduled deletion; answers how many rows changed (0: none was scheduled). */
export const clearDeletionDate = (db: Client, userId: string) =>
  db.user.updateMany({
    where: { id: userId, deletionScheduledFor: { not: null } },
    data: { deletionScheduledFor: null },
  });

/** Deletes the user's row; the foreign keys cascade to everything they own. */
export const deleteUser = (db: Client, userId: string) => db.user.delete({ where: { id: userId } });

/** Deletes an account still unconfirmed (an undone registration); a confirmed one stays. */
export const deleteUnconfirmedUser = (db: Client, userId: string) =>
  db.user.deleteMany({ where: { id: userId, emailConfirmedAt: null } });

/** Whom a job's e-mail goes to: the address and first name; null when the user is gone. */
export async function mailRecipient(db: Client, userId: string) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, profile: { select: { firstName: true } } },
  });
  return user && { email: user.email, firstName: user.profile?.firstName ?? "" };
}

// ---- Reads through Prisma ----

/** The user's columns that `select` names, or null. */
export const findUser = <S extends Prisma.UserSelect>(db: Client, id: string, select: S) =>
  db.user.findUnique({ where: { id }, select });

/** The same by address (users.email is unique and stored lower-cased). */
export const findUserByEmail = <S extends Prisma.UserSelect>(db: Client, email: string, select: S) =>
  db.user.findUnique({ where: { email }, select });

/** The columns `select` names of the users among `ids` that exist. */
export const findUsers = <S extends Prisma.UserSelect>(db: Client, ids: string[], select: S) =>
  db.user.findMany({ where: { id: { in: ids } }, select });

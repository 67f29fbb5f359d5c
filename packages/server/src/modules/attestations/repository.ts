// Every query of the attestations module (ADR 0028): its two tables, attestations and
// attestation_guest_sessions. Functions taking `db` accept the client or a transaction's.
import type pg from "pg";
import type { Prisma } from "../../generated/prisma/client.js";
import type { Client, Db } from "../../lib/db.js";
import { type CodeStore, codeUpdates, lockedAfter, wrongCodeUpdate } from "../../lib/guest-code.js";

const SELECT = {
  id: true,
  userId: true,
  registrationId: true,
  regulator: true,
  registrationNumber: true,
  kind: true,
  attesterName: true,
  attesterEmail: true,
  attesterMobile: true,
  recordIds: true,
  entryIds: true,
  createdAt: true,
  expiresAt: true,
  openedAt: true,
  signedAt: true,
  declinedAt: true,
  declineReason: true,
  withdrawnAt: true,
  lastReminderAt: true,
  lockedAt: true,
  signedHash: true,
  signer: true,
} as const satisfies Prisma.AttestationSelect;

export type AttestationRow = Prisma.AttestationGetPayload<{ select: typeof SELECT }>;

export interface NewAttestation {
  id: string;
  userId: string;
  registrationId: string;
  regulator: string;
  registrationNumber: string;
  kind: string;
  attesterName: string;
  attesterEmail: string;
  attesterMobile: string | null;
  recordIds: string[];
  entryIds: string[];
  createdAt: Date;
  expiresAt: Date;
}

export const create = (db: Client, a: NewAttestation) => db.attestation.create({ data: a, select: SELECT });

/** Undoes a request whose e-mail could not be queued. */
export const remove = (db: Client, id: string) => db.attestation.deleteMany({ where: { id } });

export const byId = (db: Client, id: string) => db.attestation.findUnique({ where: { id }, select: SELECT });

export const owned = (db: Client, userId: string, id: string) =>
  db.attestation.findFirst({ where: { id, userId }, select: SELECT });

/** The user's requests, newest first (index on user, registration, created). */
export async function page(db: Db, userId: string, registrationId: string | undefined, p: number, n: number) {
  const where = { userId, ...(registrationId ? { registrationId } : {}) };
  const [rows, total] = await Promise.all([
    db.attestation.findMany({
      where,
      select: SELECT,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (p - 1) * n,
      take: n,
    }),
    db.attestation.count({ where }),
  ]);
  return { rows, total };
}

/** Still open: not signed, declined or withdrawn, and not expired at `now`. */
const open = (now: Date) => ({
  signedAt: null,
  declinedAt: null,
  withdrawnAt: null,
  expiresAt: { gt: now },
});

/** Withdraws an open request and ends its guest sessions; whether it was open. */
export async function withdraw(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const n = await tx.attestation.updateMany({
      where: { id, userId, ...open(now) },
      data: { withdrawnAt: now, codeHash: null, codeRequestId: null },
    });
    if (n.count === 1) await tx.attestationGuestSession.deleteMany({ where: { attestationId: id } });
    return n.count === 1;
  });
}

/** Records a reminder unless one was sent since `since`: one UPDATE, so two racing reminders send one. */
export async function claimReminder(db: Db, userId: string, id: string, now: Date, since: Date) {
  const n = await db.attestation.updateMany({
    where: {
      id,
      userId,
      ...open(now),
      OR: [{ lastReminderAt: null }, { lastReminderAt: { lte: since } }],
    },
    data: { lastReminderAt: now },
  });
  return n.count === 1;
}

/** Puts back the reminder time when its e-mail could not be queued. */
export const undoReminder = (db: Db, id: string, now: Date, before: Date | null) =>
  db.attestation.updateMany({ where: { id, lastReminderAt: now }, data: { lastReminderAt: before } });

/** The first view by the attester. */
export const markOpened = (db: Db, id: string, now: Date) =>
  db.attestation.updateMany({ where: { id, openedAt: null }, data: { openedAt: now } });

// --- the code (lib/guest-code.ts) ---------------------------------------------------------------

export const codeState = (db: Client, id: string) =>
  db.attestation.findUnique({
    where: { id },
    select: {
      ...SELECT,
      codeRequestId: true,
      codeHash: true,
      codeRequestedAt: true,
      codeExpiresAt: true,
    },
  });

export const guestSession = (db: Client, tokenHash: string) =>
  db.attestationGuestSession.findUnique({ where: { tokenHash }, select: { attestationId: true } });

/** The code step's storage for one attestation (lib/guest-code.ts); open also means not locked. */
export const codeStore = (db: Db, id: string, ipAddress: string): CodeStore => ({
  ...codeUpdates((where, data, openAt) =>
    db.attestation.updateMany({
      where: { id, ...(openAt && { ...open(openAt), lockedAt: null }), ...where },
      data,
    }),
  ),
  state: () => codeState(db, id),
  countWrong: (max, now) =>
    lockedAfter(db.$queryRaw`UPDATE attestations SET ${wrongCodeUpdate(id, max, now)}`),
  createSession: (tokenHash, createdAt) =>
    db.attestationGuestSession.create({ data: { attestationId: id, tokenHash, ipAddress, createdAt } }),
});

// --- signing and declining -----------------------------------------------------------------------

/** Records the signature on an open request; whether it was open (a racing second signature gets false). */
export async function sign(
  db: Db,
  id: string,
  s: { hash: string; signer: Prisma.InputJsonValue; signatureKey: string; ip: string; now: Date },
) {
  const n = await db.attestation.updateMany({
    where: { id, ...open(s.now) },
    data: {
      signedAt: s.now,
      signedHash: s.hash,
      signer: s.signer,
      signatureKey: s.signatureKey,
      signerIp: s.ip,
    },
  });
  return n.count === 1;
}

export async function decline(db: Db, id: string, reason: string, now: Date) {
  const n = await db.attestation.updateMany({
    where: { id, ...open(now) },
    data: { declinedAt: now, declineReason: reason },
  });
  return n.count === 1;
}

/** The professional's name as the attester sees it, and their e-mail. */
export const ownerFacts = (db: Client, userId: string) =>
  db.user.findUnique({
    where: { id: userId },
    select: { email: true, profile: { select: { firstName: true, lastName: true } } },
  });

// --- the organisation manager's read of appointed confirmers (REQ-ATTEST-09) ----------------------

/** A member's confirmation as its organisation's manager reads it: nothing else of the attester. */
export interface AppointedConfirmationRow {
  id: string;
  memberId: string;
  memberName: string;
  attesterName: string;
  attesterEmail: string;
  createdAt: Date;
  expiresAt: Date;
  openedAt: Date | null;
  signedAt: Date | null;
  declinedAt: Date | null;
  withdrawnAt: Date | null;
  signer: unknown;
}

/** The kind, the attester's lower-cased e-mail (the expression index) and the members' organisation; one profile per user. */
const APPOINTED_FROM = `
    FROM attestations a
    JOIN users u ON u.id = a.user_id
    LEFT JOIN profiles p ON p.user_id = u.id
   WHERE a.kind = $1 AND lower(a.attester_email) = ANY($2::text[]) AND u.organisation_id = $3`;

/**
 * A page of the organisation's members' attestations of `kind` whose attester is one of `emails`
 * (lower-cased), newest first, and how many there are.
 */
export async function appointedPage(
  pool: pg.Pool,
  q: { organisationId: number; kind: string; emails: string[]; page: number; perPage: number },
) {
  const values = [q.kind, q.emails, q.organisationId];
  const [rows, count] = await Promise.all([
    pool.query<AppointedConfirmationRow>(
      `SELECT a.id, u.id AS "memberId",
              coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), u.email)
                AS "memberName",
              a.attester_name AS "attesterName", a.attester_email AS "attesterEmail",
              a.created_at AS "createdAt", a.expires_at AS "expiresAt", a.opened_at AS "openedAt",
              a.signed_at AS "signedAt", a.declined_at AS "declinedAt", a.withdrawn_at AS "withdrawnAt",
              CASE WHEN a.signed_at IS NULL THEN NULL ELSE a.signer END AS signer
       ${APPOINTED_FROM}
        ORDER BY a.created_at DESC, a.id
        LIMIT $4 OFFSET $5`,
      [...values, q.perPage, (q.page - 1) * q.perPage],
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total ${APPOINTED_FROM}`, values),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
}

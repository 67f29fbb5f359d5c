// Every query of the attestations module (ADR 0028): its two tables, attestations and
// attestation_guest_sessions. Functions taking `db` accept the client or a transaction's.
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

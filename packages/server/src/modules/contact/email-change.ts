// Change of e-mail (REQ-CONTACT-02): a link to the NEW address (24 h, single use); nothing changes
// until it is confirmed; then the address changes, every session ends, the old address is told
// and the history keeps a row. Organisations that sign their members on own their addresses.
import { randomUUID } from "node:crypto";
import { LIFECYCLE, LIFECYCLE_MESSAGES as M, MESSAGES } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { emailChangedNoticeJob } from "../../jobs/definitions/email-changed-notice.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import type { Db } from "../../lib/db.js";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.js";
import type { Mail } from "../../lib/mailer.js";
import { mapDbError } from "../../lib/store-errors.js";
import { invalidateSession } from "../account/session.js";
import { claimLinkToken } from "../registration/repository.js";
import { emailChangedNotice, emailChangeLink, emailChangeLinkEmail } from "./emails.js";
import { queueRequestMail } from "./queue.js";
import * as repo from "./repository.js";

const ssoManaged = () => forbidden(M.ssoManaged, "SSO_MANAGED");
const taken = () => conflict(M.emailTaken, "EMAIL_TAKEN");
const invalidLink = () => badRequest(M.emailChangeInvalid, "EMAIL_CHANGE_INVALID");

export async function requestEmailChange(deps: Deps, userId: string, emailAddress: string) {
  const newEmail = emailAddress.trim().toLowerCase();
  const facts = await repo.contactFacts(deps.prisma, userId);
  if (!facts) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  if (facts.organisation?.usesOauth) throw ssoManaged();
  if (newEmail === facts.email) throw badRequest(M.sameEmail, "SAME_EMAIL");
  if (await repo.userIdByEmail(deps.prisma, newEmail)) throw taken();
  const now = deps.now();
  const placeholder = `pending:${randomUUID()}`;
  await repo.createChangeRequest(deps.prisma, {
    userId,
    newEmail,
    placeholder,
    now,
    expiresAt: new Date(now.getTime() + LIFECYCLE.emailChangeLinkHours * 3_600_000),
  });
  await queueRequestMail(deps, "email-change-link", userId, now, () =>
    repo.dropChangeRequest(deps.prisma, placeholder),
  );
  return { message: M.emailChangeSent };
}

/**
 * The link e-mail of one request, to the new address, with a fresh token (only its hash is
 * kept; a retried job's new token replaces one that was never delivered); null when the
 * request has been replaced, used or has expired.
 */
export async function prepareEmailChangeLink(
  db: Db,
  publicUrl: string,
  job: { userId: string; requestedAt: string },
  now: Date,
): Promise<Mail | null> {
  const request = await repo.liveChangeRequest(db, job.userId, new Date(job.requestedAt), now);
  if (!request?.newEmail) return null;
  const token = randomToken();
  if (!(await repo.rotateChangeToken(db, request.tokenHash, sha256(token)))) return null;
  const facts = await repo.contactFacts(db, job.userId);
  return emailChangeLinkEmail(
    request.newEmail,
    facts?.profile?.firstName ?? null,
    emailChangeLink(publicUrl, token),
  );
}

export async function confirmEmailChange(deps: Deps, token: string) {
  const now = deps.now();
  // Claimed first and for good: a link that met a taken address is spent all the same.
  const claimed = await claimLinkToken(deps.prisma, token, "email-change", now);
  if (!claimed?.newEmail) throw invalidLink();
  const { userId, newEmail } = claimed;
  let changeId: string;
  try {
    changeId = await deps.prisma.$transaction(async (tx) => {
      const facts = await repo.contactFacts(tx, userId);
      if (!facts) throw invalidLink();
      if (facts.organisation?.usesOauth) throw ssoManaged();
      const id = await repo.applyEmailChange(tx, {
        userId,
        previousEmail: facts.email,
        newEmail,
        now,
      });
      if (id === "taken") throw taken();
      return id;
    });
  } catch (err) {
    // Another account took the address between the check and the update.
    if (mapDbError(err)?.code === "ALREADY_EXISTS") throw taken();
    throw err;
  }
  invalidateSession(userId);
  try {
    await deps.queues.enqueue(emailChangedNoticeJob, { changeId }, `email-changed-${changeId}`);
  } catch (err) {
    // The change is made and cannot wait on Redis; the missed notice is logged for support.
    deps.log.error({ err, changeId }, "could not queue the e-mail change notice to the old address");
  }
  return { message: M.emailChanged };
}

/** The notice to the old address of one change; null when the record is gone. */
export async function prepareEmailChangedNotice(db: Db, changeId: string): Promise<Mail | null> {
  const row = await repo.changeLogEntry(db, changeId);
  if (!row) return null;
  return emailChangedNotice(
    row.previousEmail,
    row.user.profile?.firstName ?? null,
    row.newEmail,
    row.dateChanged,
  );
}

export async function emailChangeHistory(deps: Deps, userId: string, page = 1) {
  const size = LIFECYCLE.emailHistoryPageSize;
  const { items, total } = await repo.changeHistory(deps.prisma, userId, page, size);
  return {
    items: items.map((i) => ({
      dateChanged: i.dateChanged.toISOString(),
      previousEmail: i.previousEmail,
      newEmail: i.newEmail,
    })),
    total,
  };
}

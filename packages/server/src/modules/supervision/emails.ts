// The supervision e-mails and the code's text message, rendered by the jobs at send
// time from ids (ADR 0008). Every piece of user text is escaped in the HTML.
import { londonDateTime, SUPERVISION, type SupervisionSide, ukMobile } from "@cpd/contract";
import type { Db } from "../../lib/db.js";
import {
  codeJob,
  codeEmail as guestCodeEmail,
  codeSms as guestCodeSms,
  linkAndCode,
} from "../../lib/email/guest-code.js";
import { button, list, paragraph, renderEmail } from "../../lib/email/render.js";
import type { Mail } from "../../lib/mailer.js";
import { codeKey, deriveCode } from "./codes.js";
import * as repo from "./repository.js";
import { fullName } from "./reviewee.js";

export type EmailKind = "shared" | "signed" | "completed";
export type Recipient = "owner" | "reviewee";

const reviewLink = (publicUrl: string, shareId: string) => `${publicUrl}/review/supervision/${shareId}`;
const ownerLink = (publicUrl: string, entryId: string) => `${publicUrl}/edit/supervision/${entryId}`;
export const verifyLink = (publicUrl: string, shareId: string, hash: string) =>
  `${publicUrl}/verify/supervision/${shareId}?hash=${hash}`;

export interface SharedFacts {
  to: string;
  revieweeName: string;
  ownerName: string;
  link: string;
  expiresAt: Date;
  /** The code also goes by text to this (masked or not, as shown). */
  bySms: boolean;
}

export function sharedEmail(f: SharedFacts): Mail {
  const who = f.ownerName || "A CPD member";
  return renderEmail({
    to: f.to,
    subject: `${who} shared a supervision record with you`,
    blocks: [
      paragraph(`Hello ${f.revieweeName},`),
      paragraph(`${who} has shared a supervision record with you to review, comment on and sign off.`),
      button(f.link, "Open the supervision record"),
      ...linkAndCode(f.expiresAt, f.bySms),
    ],
  });
}

export function signedEmail(f: { to: string; signerName: string; side: string; link: string }): Mail {
  return renderEmail({
    to: f.to,
    subject: `${f.signerName} has signed the supervision record as ${f.side}`,
    blocks: [
      paragraph(`${f.signerName} has signed the supervision record as ${f.side}.`),
      paragraph("Open the record to review it and add your own signature."),
      button(f.link, "Open the supervision record"),
    ],
  });
}

export function completedEmail(f: {
  to: string;
  signers: { side: string; name: string; at: Date }[];
  hash: string;
  link: string;
}): Mail {
  return renderEmail({
    to: f.to,
    subject: "Supervision record completed",
    blocks: [
      paragraph("The supervision record has been signed by both sides and is complete."),
      list(f.signers.map((s) => `${s.side}: ${s.name}, signed ${londonDateTime(s.at)} (UK time)`)),
      paragraph(`SHA-256 of the signed record: ${f.hash}`),
      paragraph("Anyone holding the PDF can check it against the signed record here:"),
      button(f.link, "Verify the supervision record"),
    ],
  });
}

const CODE = {
  name: "supervision review code",
  minutes: SUPERVISION.codeMinutes,
  derive: (jwtSecret: string, requestId: string) => deriveCode(codeKey(jwtSecret), requestId),
};
export const codeEmail = (to: string, code: string) => guestCodeEmail(CODE, to, code);
export const codeSms = (code: string) => guestCodeSms(CODE, code);

/** The e-mail one supervision-email job sends, or null (a revoked or missing share: nothing). */
export async function prepareSupervisionEmail(
  db: Db,
  settings: { publicUrl: string; smsConfigured: boolean },
  job: { shareId: string; kind: EmailKind; recipient: Recipient },
): Promise<Mail | null> {
  const share = await repo.shareById(db, job.shareId);
  if (!share || share.revokedAt) return null;
  const owner = await repo.ownerFacts(db, share.userId);
  if (!owner) return null;
  const ownerName = fullName(owner.profile);
  const to = job.recipient === "owner" ? owner.email : share.revieweeEmail;
  const link =
    job.recipient === "owner"
      ? ownerLink(settings.publicUrl, share.entryId)
      : reviewLink(settings.publicUrl, share.id);
  if (job.kind === "shared") {
    return sharedEmail({
      to,
      revieweeName: share.revieweeName,
      ownerName,
      link,
      expiresAt: share.expiresAt,
      bySms: settings.smsConfigured && ukMobile(share.revieweeNumber) !== null,
    });
  }
  const signatures = await repo.signaturesOf(db, share.id);
  if (job.kind === "signed") {
    // The other party signed: the owner hears of the reviewee's signature, and the other way round.
    const signer = signatures.find((s) => s.byReviewee === (job.recipient === "owner"));
    if (!signer) return null;
    return signedEmail({ to, signerName: signer.signerName, side: signer.side, link });
  }
  const last = signatures.at(-1);
  if (!share.completedAt || !last) return null;
  return completedEmail({
    to,
    signers: signatures.map((s) => ({ side: s.side as SupervisionSide, name: s.signerName, at: s.signedAt })),
    hash: last.contentHash,
    link: verifyLink(settings.publicUrl, share.id, last.contentHash),
  });
}

/** The code's e-mail and text, or null when the request is no longer the share's current one. */
export const prepareCodeMessages = codeJob(CODE, async (db, job: { shareId: string; requestId: string }) => {
  const share = await repo.codeState(db, job.shareId);
  return share && !share.revokedAt
    ? { requestId: share.codeRequestId, email: share.revieweeEmail, mobile: share.revieweeNumber }
    : null;
});

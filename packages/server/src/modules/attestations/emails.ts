// The attestation e-mails and the code's text message (ADR 0028), rendered by the jobs at send time
// from ids (ADR 0008). Every piece of user text is escaped in the HTML by the renderer.
import { ATTESTATION, ATTESTATION_KIND_INFO, type AttestationKind, ukMobile } from "@cpd/contract";
import type { Db } from "../../lib/db.js";
import { codeJob, linkAndCode } from "../../lib/email/guest-code.js";
import { button, paragraph, renderEmail } from "../../lib/email/render.js";
import type { Mail } from "../../lib/mailer.js";
import { fullName } from "../supervision/reviewee.js";
import { codeKey, deriveCode } from "./codes.js";
import * as repo from "./repository.js";
import { stateOf } from "./state.js";

export type EmailKind = "request" | "reminder" | "signed" | "declined";

/** The attester's page in the SPA (no account, no sidebar). */
const attesterLink = (publicUrl: string, id: string) => `${publicUrl}/attestation/${id}`;
const ownerLink = (publicUrl: string) => `${publicUrl}/revalidation`;

interface RequestFacts {
  to: string;
  attesterName: string;
  professionalName: string;
  kind: AttestationKind;
  link: string;
  expiresAt: Date;
  bySms: boolean;
  reminder: boolean;
}

function requestEmail(f: RequestFacts): Mail {
  const who = f.professionalName || "A health professional";
  const what = ATTESTATION_KIND_INFO[f.kind].label;
  return renderEmail({
    to: f.to,
    subject: f.reminder
      ? `Reminder: ${who} asked you to sign their ${what}`
      : `${who} asks you to sign their ${what}`,
    blocks: [
      paragraph(`Hello ${f.attesterName},`),
      paragraph(
        `${who} asks you to confirm their ${what} for revalidation. You do not need an account: open the link, ` +
          "enter the code we send you, read the records and sign, or decline.",
      ),
      button(f.link, "Open the request"),
      ...linkAndCode(f.expiresAt, f.bySms),
    ],
  });
}

function outcomeEmail(
  to: string,
  kind: "signed" | "declined",
  attesterName: string,
  what: string,
  link: string,
) {
  return renderEmail({
    to,
    subject:
      kind === "signed" ? `${attesterName} has signed your ${what}` : `${attesterName} declined your ${what}`,
    blocks: [
      paragraph(
        kind === "signed"
          ? `${attesterName} has signed your ${what}.`
          : `${attesterName} declined to sign your ${what}. Their reason is on your revalidation page.`,
      ),
      button(link, "Open your revalidation"),
    ],
  });
}

const CODE = {
  name: "attestation code",
  minutes: ATTESTATION.codeMinutes,
  derive: (jwtSecret: string, requestId: string) => deriveCode(codeKey(jwtSecret), requestId),
};

/** The e-mail one attestation-email job sends, or null (gone, or no longer open: nothing). */
export async function prepareAttestationEmail(
  db: Db,
  settings: { publicUrl: string; smsConfigured: boolean; now: Date },
  job: { attestationId: string; kind: EmailKind },
): Promise<Mail | null> {
  const a = await repo.byId(db, job.attestationId);
  if (!a) return null;
  const owner = await repo.ownerFacts(db, a.userId);
  if (!owner) return null;
  const kind = a.kind as AttestationKind;
  const state = stateOf(a, settings.now);
  if (job.kind === "signed" || job.kind === "declined") {
    if (state !== job.kind) return null;
    const what = ATTESTATION_KIND_INFO[kind].label;
    return outcomeEmail(owner.email, job.kind, a.attesterName, what, ownerLink(settings.publicUrl));
  }
  if (state !== "sent" && state !== "opened") return null;
  return requestEmail({
    to: a.attesterEmail,
    attesterName: a.attesterName,
    professionalName: fullName(owner.profile),
    kind,
    link: attesterLink(settings.publicUrl, a.id),
    expiresAt: a.expiresAt,
    bySms: settings.smsConfigured && a.attesterMobile !== null && ukMobile(a.attesterMobile) !== null,
    reminder: job.kind === "reminder",
  });
}

/** The code's e-mail and text, or null when the request is no longer the current one. */
export const prepareAttestationCode = codeJob(
  CODE,
  async (db, job: { attestationId: string; requestId: string }) => {
    const a = await repo.codeState(db, job.attestationId);
    if (!a || a.withdrawnAt) return null;
    return { requestId: a.codeRequestId, email: a.attesterEmail, mobile: a.attesterMobile };
  },
);

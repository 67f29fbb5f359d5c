// The one-time code of a guest link (supervision reviewees, REQ-SUP-03; attesters, ADR 0028):
// its e-mail, its text message and the invitation's lines about it say the same for both; only the
// code's name and validity differ.
import { londonDateTime, ukMobile } from "@cpd/contract";
import type { Db } from "../db.js";
import type { Mail } from "../mailer.js";
import { paragraph, renderEmail, small } from "./render.js";

/** What the messages call the code ("supervision review code") and how long it is valid. */
interface CodeWords {
  name: string;
  minutes: number;
}

/** The code's words, and how the job re-derives the code of a request (no payload carries it). */
interface CodeKind extends CodeWords {
  derive: (jwtSecret: string, requestId: string) => string;
}

export const codeEmail = (w: CodeWords, to: string, code: string): Mail =>
  renderEmail({
    to,
    subject: `Your ${w.name}`,
    blocks: [
      paragraph([`Your ${w.name} is `, { code }, "."]),
      paragraph(`It is valid for ${w.minutes} minutes and can be used once.`),
      small("If you did not ask for it, you can ignore this e-mail."),
    ],
  });

export const codeSms = (w: CodeWords, code: string) =>
  `Your CPD ${w.name} is ${code}. It expires in ${w.minutes} minutes.`;

/** The code's e-mail, and its text when there is a UK mobile to send it to. */
const codeMessages = (w: CodeWords, to: string, mobile: string | null, code: string) => ({
  mail: codeEmail(w, to, code),
  sms: mobile ? { to: mobile, body: codeSms(w, code) } : null,
});

/**
 * A code job's preparation: the e-mail and text of the link `current` answers for the job, or null
 * when the link is gone or its current request is another (a newer code was asked for).
 */
export const codeJob =
  <J extends { requestId: string }>(
    kind: CodeKind,
    current: (
      db: Db,
      job: J,
    ) => Promise<{ requestId: string | null; email: string; mobile: string | null } | null>,
  ) =>
  async (db: Db, settings: { jwtSecret: string; smsConfigured: boolean }, job: J) => {
    const link = await current(db, job);
    if (!link || link.requestId !== job.requestId) return null;
    const mobile = settings.smsConfigured && link.mobile ? ukMobile(link.mobile) : null;
    return codeMessages(kind, link.email, mobile, kind.derive(settings.jwtSecret, job.requestId));
  };

/** The invitation's lines on how long the link works and where its code will go. */
export const linkAndCode = (expiresAt: Date, bySms: boolean) => [
  paragraph(`The link works until ${londonDateTime(expiresAt)} (UK time).`),
  paragraph(
    bySms
      ? "When you open it, we will send a 6-digit code to this e-mail address and by text to your mobile."
      : "When you open it, we will send a 6-digit code to this e-mail address.",
  ),
];

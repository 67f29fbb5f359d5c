// The registration and onboarding e-mails, rendered by the account-email job at send time
// from a user id (ADR 0008): the job issues the link token here, so no token or link
// ever travels through Redis. Every piece of user text is escaped in the HTML.
import { LIFECYCLE } from "@cpd/contract";
import type { ACCOUNT_EMAIL_KINDS } from "../../jobs/definitions/account-email.js";
import type { Db } from "../../lib/db.js";
import { button, greeting, paragraph, renderEmail, small } from "../../lib/email/render.js";
import type { Mail } from "../../lib/mailer.js";
import { issueLinkToken } from "./repository.js";

// The kinds are the job payload's (the definition imports nothing from modules).
export type AccountEmailKind = (typeof ACCOUNT_EMAIL_KINDS)[number];

const confirmLink = (publicUrl: string, token: string) => `${publicUrl}/v2/auth/confirm-email/${token}`;
const onboardingLink = (publicUrl: string, token: string) => `${publicUrl}/v2/auth/onboard/${token}`;

const HOUR_MS = 3_600_000;

export function confirmationEmail(to: string, firstName: string, link: string): Mail {
  return renderEmail({
    to,
    subject: "Confirm your CPD account's email address",
    blocks: [
      greeting(firstName),
      paragraph("Thank you for registering. Please confirm your email address to start using your account:"),
      button(link, "Confirm my email address"),
      paragraph(
        `The link works for ${LIFECYCLE.confirmationLinkHours} hours. After that, log in and we will send you a new one.`,
      ),
      small("If you did not create an account, you can ignore this e-mail."),
    ],
  });
}

export function alreadyRegisteredEmail(to: string, firstName: string, publicUrl: string): Mail {
  return renderEmail({
    to,
    subject: "Someone tried to register with your email address",
    blocks: [
      greeting(firstName),
      paragraph(
        "Someone tried to create a CPD account with this email address, but you already have one. Log in with it:",
      ),
      button(`${publicUrl}/login`, "Log in"),
      paragraph(["Forgotten your password? Reset it here: ", { url: `${publicUrl}/forgot-password` }]),
      small("If this was not you, you can ignore this e-mail: nothing has changed in your account."),
    ],
  });
}

export function onboardingEmail(
  to: string,
  firstName: string,
  organisationName: string | null,
  link: string,
): Mail {
  const who = organisationName ?? "Your organisation";
  return renderEmail({
    to,
    subject: `${who} has set up a CPD account for you`,
    blocks: [
      greeting(firstName),
      paragraph(`${who} has set up a CPD account for you. Choose your password to start using it:`),
      button(link, "Set my password"),
      paragraph(`The link works for ${LIFECYCLE.onboardingLinkDays} days and only once.`),
    ],
  });
}

/**
 * The e-mail of one kind for a user, with a fresh link token where it needs one; null when
 * there is nothing to send (the user is gone, or already confirmed for a confirmation).
 */
export async function prepareAccountEmail(
  db: Db,
  publicUrl: string,
  userId: string,
  kind: AccountEmailKind,
  now: Date,
): Promise<Mail | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      email: true,
      emailConfirmedAt: true,
      profile: { select: { firstName: true } },
      organisation: { select: { name: true } },
    },
  });
  if (!user) return null;
  const firstName = user.profile?.firstName ?? "";
  if (kind === "already-registered") return alreadyRegisteredEmail(user.email, firstName, publicUrl);
  if (kind === "confirm-email") {
    if (user.emailConfirmedAt) return null;
    const expiresAt = new Date(now.getTime() + LIFECYCLE.confirmationLinkHours * HOUR_MS);
    const token = await issueLinkToken(db, { userId, purpose: kind, expiresAt });
    return confirmationEmail(user.email, firstName, confirmLink(publicUrl, token));
  }
  const expiresAt = new Date(now.getTime() + LIFECYCLE.onboardingLinkDays * 24 * HOUR_MS);
  const token = await issueLinkToken(db, { userId, purpose: "onboarding", expiresAt });
  return onboardingEmail(
    user.email,
    firstName,
    user.organisation?.name ?? null,
    onboardingLink(publicUrl, token),
  );
}

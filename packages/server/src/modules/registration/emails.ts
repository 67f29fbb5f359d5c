// The registration and onboarding e-mails, rendered by the account-email job at send time
// from a user id (DESIGN.md §6): the job issues the link token here, so no token or link
// ever travels through Redis. Every piece of user text is escaped in the HTML.
import { LIFECYCLE } from "@cpd/contract";
import type { Db } from "../../lib/db.js";
import { greeting, plainEmail } from "../../lib/html.js";
import type { Mail } from "../../lib/mailer.js";
import { issueLinkToken } from "./link-tokens.js";

export const ACCOUNT_EMAIL_KINDS = ["confirm-email", "already-registered", "onboarding"] as const;
export type AccountEmailKind = (typeof ACCOUNT_EMAIL_KINDS)[number];

export const confirmLink = (publicUrl: string, token: string) =>
  `${publicUrl}/v2/auth/confirm-email/${token}`;
export const onboardingLink = (publicUrl: string, token: string) => `${publicUrl}/v2/auth/onboard/${token}`;

const HOUR_MS = 3_600_000;

export function confirmationEmail(to: string, firstName: string, link: string): Mail {
  return plainEmail({
    to,
    subject: "Confirm your CPD account's email address",
    paragraphs: [
      greeting(firstName),
      "Thank you for registering. Please confirm your email address to start using your account:",
      `The link works for ${LIFECYCLE.confirmationLinkHours} hours. After that, log in and we will send you a new one.`,
      "If you did not create an account, you can ignore this e-mail.",
    ],
    link: { href: link, label: "Confirm my email address", after: 2 },
  });
}

export function alreadyRegisteredEmail(to: string, firstName: string, publicUrl: string): Mail {
  return plainEmail({
    to,
    subject: "Someone tried to register with your email address",
    paragraphs: [
      greeting(firstName),
      "Someone tried to create a CPD account with this email address, but you already have one. Log in with it:",
      `Forgotten your password? Reset it here: ${publicUrl}/forgot-password`,
      "If this was not you, you can ignore this e-mail: nothing has changed in your account.",
    ],
    link: { href: `${publicUrl}/login`, label: "Log in", after: 2 },
  });
}

export function onboardingEmail(
  to: string,
  firstName: string,
  organisationName: string | null,
  link: string,
) {
  const who = organisationName ?? "Your organisation";
  return plainEmail({
    to,
    subject: `${who} has set up a CPD account for you`,
    paragraphs: [
      greeting(firstName),
      `${who} has set up a CPD account for you. Choose your password to start using it:`,
      `The link works for ${LIFECYCLE.onboardingLinkDays} days and only once.`,
    ],
    link: { href: link, label: "Set my password", after: 2 },
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

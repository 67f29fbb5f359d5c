// Registration (REQ-AUTH-04): captcha, account and trial in one transaction, the
// confirmation e-mail; the same answer and the same work for an address that already has an
// account (it gets a "someone tried to register" e-mail instead). E-mail confirmation by link.
import {
  type api,
  type BodyOf,
  LIFECYCLE,
  LIFECYCLE_MESSAGES as M,
  RegistrationBody,
  TRIAL_MONTHS,
} from "@cpd/contract";
import { Value } from "@sinclair/typebox/value";
import { CaptchaUnavailable } from "../../connectors/captcha/connector.js";
import type { Deps } from "../../deps.js";
import { accountEmailJob } from "../../jobs/definitions/account-email.js";
import { hashPassword } from "../../lib/crypto.js";
import { addMonths } from "../../lib/dates.js";
import { badRequest } from "../../lib/errors.js";
import { mapDbError, ServiceUnavailable } from "../../lib/store-errors.js";
import { validateBasicDetails } from "../profile/rules.js";
import * as repo from "./repository.js";

const registered = { message: M.registered };

/** The captcha's verdict; no check when none is configured. */
async function checkCaptcha(deps: Deps, token: string | undefined, remoteIp: string) {
  if (!deps.captcha) return;
  if (!token) throw badRequest(M.captchaFailed, "CAPTCHA_FAILED");
  let passed: boolean;
  try {
    passed = await deps.captcha.verify(token, remoteIp);
  } catch (err) {
    if (!(err instanceof CaptchaUnavailable)) throw err;
    deps.log.error({ err: err.message }, "captcha service unavailable");
    throw new ServiceUnavailable();
  }
  if (!passed) throw badRequest(M.captchaFailed, "CAPTCHA_FAILED");
}

/**
 * Queues a confirmation (or "already registered") e-mail unless one went to this user less
 * than LIFECYCLE.confirmationResendMinutes ago. A queue that cannot be reached answers 503
 * and gives the slot back.
 */
async function queueAccountEmail(deps: Deps, userId: string, kind: repo.GatedMail) {
  const minutes = LIFECYCLE.confirmationResendMinutes;
  if (!(await repo.claimMailSlot(deps.prisma, userId, kind, deps.now(), minutes))) return;
  try {
    await deps.queues.enqueue(accountEmailJob, { userId, kind });
  } catch (err) {
    await repo.releaseMailSlot(deps.prisma, userId, kind);
    deps.log.error({ err }, "could not queue an account e-mail");
    throw new ServiceUnavailable();
  }
}

/** A new confirmation link for an unconfirmed address that logged in with the right password. */
export const resendConfirmation = (deps: Deps, userId: string) =>
  queueAccountEmail(deps, userId, "confirm-email");

export async function register(deps: Deps, body: BodyOf<typeof api.register>, remoteIp: string) {
  const details = validateBasicDetails({
    firstName: body.firstName,
    lastName: body.lastName,
    jobTitle: body.jobTitle,
    mobileNumber: body.phoneNumber,
  });
  await checkCaptcha(deps, body.recaptchaToken, remoteIp);
  const email = body.email.toLowerCase();
  // Hashed for known addresses too: both answers take the same work.
  const passwordHash = await hashPassword(body.password);
  const existing = await repo.userIdByEmail(deps.prisma, email);
  if (existing) {
    await queueAccountEmail(deps, existing.id, "already-registered");
    return registered;
  }
  const today = deps.today();
  let userId: string;
  try {
    userId = await repo.createAccount(
      deps.prisma,
      {
        email,
        passwordHash,
        firstName: details.firstName,
        lastName: details.lastName,
        jobTitle: details.jobTitle,
        mobileNumber: details.mobileNumber,
        trial: { start: today, end: addMonths(today, TRIAL_MONTHS) },
      },
      deps.now(),
      LIFECYCLE.confirmationResendMinutes,
    );
  } catch (err) {
    // A racing registration of the same address got there first: it is now a known address.
    if (mapDbError(err)?.code !== "ALREADY_EXISTS") throw err;
    const winner = await repo.userIdByEmail(deps.prisma, email);
    if (winner) await queueAccountEmail(deps, winner.id, "already-registered");
    return registered;
  }
  try {
    await deps.queues.enqueue(accountEmailJob, { userId, kind: "confirm-email" });
  } catch (err) {
    // Without its e-mail the account could not be confirmed: undo it so the person can retry.
    await repo.removeAccount(deps.prisma, userId);
    deps.log.error({ err }, "could not queue a confirmation e-mail");
    throw new ServiceUnavailable();
  }
  return registered;
}

/** Well formed by the same rule as registration, and whether an account has it (one lookup). */
export async function validateEmail(deps: Deps, email: string) {
  if (!Value.Check(RegistrationBody.properties.email, email))
    return { valid: false, registered: false, message: M.emailInvalid };
  const found = await repo.userIdByEmail(deps.prisma, email.toLowerCase());
  return found
    ? { valid: true, registered: true, message: M.emailRegistered }
    : { valid: true, registered: false, message: M.emailAvailable };
}

export async function confirmEmail(deps: Deps, token: string) {
  const now = deps.now();
  const done = await deps.prisma.$transaction(async (tx) => {
    const claimed = await repo.claimLinkToken(tx, token, "confirm-email", now);
    if (!claimed) return false;
    await repo.confirmAddress(tx, claimed.userId, now);
    await repo.dropUnusedLinkTokens(tx, claimed.userId, "confirm-email");
    return true;
  });
  if (!done) throw badRequest(M.confirmationInvalid, "CONFIRMATION_INVALID");
  return { message: M.confirmed };
}

// Verifying the profile's mobile number and alternative e-mail address (REQ-CONTACT-01): a random
// 6-digit code (15 minutes, at most one every 30 s, 5 wrong tries), stored only as a keyed hash
// bound to the user, the channel and the number or address it was sent to.
import { LIFECYCLE, LIFECYCLE_MESSAGES as M, MESSAGES } from "@cpd/contract";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { SmsUnavailable } from "../../connectors/sms/connector.js";
import type { Deps } from "../../deps.js";
import { CodeWait, codeHash, codeKey, randomCode, sameHash, secondsToWait } from "../../lib/codes.js";
import type { Db } from "../../lib/db.js";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.js";
import type { Mail } from "../../lib/mailer.js";
import { alternativeEmailCodeEmail, mobileCodeSms } from "./emails.js";
import { queueRequestMail } from "./queue.js";
import * as repo from "./repository.js";

type Channel = repo.Channel;

/** Placeholder hash of a code the job has not sent yet: matches no typed code. */
const NOT_SENT_YET = "";

const key = (jwtSecret: string) => codeKey(jwtSecret, "contact-codes");
const scope = (userId: string, channel: Channel, target: string) => `${userId}:${channel}:${target}`;

const codeExpired = () => badRequest(M.codeExpired, "CODE_EXPIRED");
const smsUnavailable = () => new AppError(503, "SMS_UNAVAILABLE", M.smsUnavailable);

/** The detail a channel verifies, as the profile holds it now, and whether it is verified. */
async function currentDetail(deps: Deps, userId: string, channel: Channel) {
  const facts = await repo.contactFacts(deps.prisma, userId);
  if (!facts?.profile) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  const p = facts.profile;
  return channel === "mobile"
    ? { value: p.mobileNumber, verified: p.mobileVerified, firstName: p.firstName }
    : { value: p.alternativeEmail, verified: p.alternativeEmailVerified, firstName: p.firstName };
}

/** Claims the channel's code slot (cooldown) or answers 429 with how long to wait. */
async function claim(deps: Deps, userId: string, channel: Channel, target: string, hash: string, now: Date) {
  const claimed = await repo.claimCode(deps.prisma, {
    userId,
    channel,
    target,
    codeHash: hash,
    now,
    expiresAt: new Date(now.getTime() + LIFECYCLE.verificationCodeMinutes * 60_000),
    cooldownSeconds: LIFECYCLE.verificationResendSeconds,
  });
  if (claimed) return;
  const pending = await repo.pendingCode(deps.prisma, userId, channel);
  throw new CodeWait(secondsToWait(pending?.sentAt ?? null, now, LIFECYCLE.verificationResendSeconds));
}

/** Texts a code to the profile's mobile number, at once (a gateway failure frees the slot). */
export async function startMobileVerification(deps: Deps, userId: string) {
  const detail = await currentDetail(deps, userId, "mobile");
  if (!detail.value) throw badRequest(M.noMobile, "NO_MOBILE");
  if (detail.verified) throw conflict(M.alreadyVerified, "ALREADY_VERIFIED");
  if (!deps.sms) throw smsUnavailable();
  const to = parsePhoneNumberFromString(detail.value, "GB")?.number;
  if (!to) throw badRequest(MESSAGES.invalidMobile, "INVALID_MOBILE");
  const now = deps.now();
  const code = randomCode(LIFECYCLE.verificationCodeDigits);
  await claim(
    deps,
    userId,
    "mobile",
    detail.value,
    codeHash(key(deps.config.jwtSecret), scope(userId, "mobile", detail.value), code),
    now,
  );
  try {
    await deps.sms.send(to, mobileCodeSms(code));
  } catch (err) {
    await repo.dropCode(deps.prisma, userId, "mobile", now);
    if (!(err instanceof SmsUnavailable)) throw err;
    deps.log.warn({ err: err.message }, "SMS gateway refused a verification code");
    throw smsUnavailable();
  }
  return { message: M.codeSentMobile };
}

/**
 * Claims the slot for a code to the alternative address and queues the job that makes the
 * code, stores its hash and mails it (no code in the payload: the request's time names it).
 */
export async function startAlternativeEmailVerification(deps: Deps, userId: string) {
  const detail = await currentDetail(deps, userId, "alternative-email");
  if (!detail.value) throw badRequest(M.noAlternativeEmail, "NO_ALTERNATIVE_EMAIL");
  if (detail.verified) throw conflict(M.alreadyVerified, "ALREADY_VERIFIED");
  const now = deps.now();
  await claim(deps, userId, "alternative-email", detail.value, NOT_SENT_YET, now);
  await queueRequestMail(deps, "alternative-email-code", userId, now, () =>
    repo.dropCode(deps.prisma, userId, "alternative-email", now),
  );
  return { message: M.codeSentEmail };
}

/**
 * The code e-mail of one request, with a fresh code whose hash is stored first; null when the
 * request is no longer current, has expired, or the address has changed since (nothing is sent).
 */
export async function prepareAlternativeEmailCode(
  db: Db,
  jwtSecret: string,
  job: { userId: string; requestedAt: string },
  now: Date,
): Promise<Mail | null> {
  const sentAt = new Date(job.requestedAt);
  const [pending, facts] = await Promise.all([
    repo.pendingCode(db, job.userId, "alternative-email"),
    repo.contactFacts(db, job.userId),
  ]);
  const target = facts?.profile?.alternativeEmail;
  if (!pending || !target || pending.target !== target) return null;
  if (pending.sentAt.getTime() !== sentAt.getTime() || pending.expiresAt <= now) return null;
  const code = randomCode(LIFECYCLE.verificationCodeDigits);
  const hash = codeHash(key(jwtSecret), scope(job.userId, "alternative-email", target), code);
  const stored = await repo.storeCodeHash(
    db,
    { userId: job.userId, channel: "alternative-email", sentAt, target },
    hash,
  );
  return stored ? alternativeEmailCodeEmail(target, facts.profile?.firstName ?? null, code) : null;
}

/**
 * Checks a typed code: right → the detail is verified (once, even when two answers race);
 * wrong → counted, and the LIFECYCLE.verificationMaxAttempts-th wrong one burns the code.
 * A code sent to a number or address the profile no longer holds has expired.
 */
export async function completeVerification(deps: Deps, userId: string, channel: Channel, typed: string) {
  const now = deps.now();
  const pending = await repo.pendingCode(deps.prisma, userId, channel);
  if (!pending) throw codeExpired();
  const detail = await currentDetail(deps, userId, channel);
  if (pending.expiresAt <= now || detail.value !== pending.target) {
    await repo.dropCode(deps.prisma, userId, channel, pending.sentAt);
    throw codeExpired();
  }
  const given = codeHash(key(deps.config.jwtSecret), scope(userId, channel, pending.target), typed);
  if (sameHash(given, pending.codeHash)) {
    const used = await repo.consumeCode(deps.prisma, {
      userId,
      channel,
      codeHash: given,
      sentAt: pending.sentAt,
      target: pending.target,
      now,
    });
    if (!used) throw codeExpired();
    return {
      verified: true as const,
      message: channel === "mobile" ? M.mobileVerified : M.alternativeEmailVerified,
    };
  }
  const attempts = await repo.countWrongCode(deps.prisma, userId, channel, pending.sentAt);
  if (attempts === null) throw codeExpired();
  if (attempts >= LIFECYCLE.verificationMaxAttempts) {
    await repo.dropCode(deps.prisma, userId, channel, pending.sentAt);
    throw badRequest(M.codeAttempts, "CODE_ATTEMPTS");
  }
  throw badRequest(M.codeWrong, "CODE_INVALID");
}

// Login, password change and reset, QR (one-time token) login, impersonation.
import { LIFECYCLE_MESSAGES, MESSAGES, OTP_TOKEN_TTL_SECONDS } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { passwordResetJob } from "../../jobs/definitions/password-reset.js";
import { burnPasswordCheck, hashPassword, randomToken, sha256, verifyPassword } from "../../lib/crypto.js";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import {
  bumpTokenVersion,
  findUser,
  findUserByEmail,
  findUsers,
  recordLogin,
} from "../account/repository.js";
import { invalidateSession } from "../account/session.js";
import { recordActivity } from "../activity-log/repository.js";
import { ssoManaged } from "../contact/repository.js";
import { clearAttempts, countAttempt } from "./login-limit.js";
import * as repo from "./repository.js";

export interface LoginAnswer {
  token: string;
  roles: string[];
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

async function sessionFor(
  deps: Deps,
  userId: string,
  opts: { temporary?: boolean; impersonatedBy?: { id: string; tokenVersion: number } } = {},
): Promise<LoginAnswer> {
  const user = await findUser(deps.prisma, userId, { tokenVersion: true, roles: { select: { role: true } } });
  if (!user) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  // The roles are answered for the SPA; the token carries none (the server reads them per call).
  const roles = user.roles.map((r) => r.role).sort();
  const token = deps.tokens.issue(
    {
      sub: userId,
      tv: user.tokenVersion,
      imp: opts.impersonatedBy?.id,
      itv: opts.impersonatedBy?.tokenVersion,
    },
    opts.temporary || Boolean(opts.impersonatedBy),
  );
  return { token, roles };
}

/**
 * Logs in. `resendConfirmation` queues a new confirmation link for an unconfirmed address: the
 * registration module owns those e-mails and depends on this one, so the caller passes it in
 * (docs/decisions/0015-module-boundaries-and-jobs.md).
 */
export async function login(
  deps: Deps,
  email: string,
  password: string,
  temporary: boolean,
  resendConfirmation: (deps: Deps, userId: string) => Promise<void>,
) {
  const address = normaliseEmail(email);
  // Password spraying: one account tried from many addresses.
  await countAttempt(deps.redis, deps.config.redisPrefix, address, deps.config.loginAccountLimit);
  const user = await findUserByEmail(deps.prisma, address, {
    id: true,
    emailConfirmedAt: true,
    credential: true,
    organisation: { select: { enabled: true } },
  });
  if (!user?.credential) {
    await burnPasswordCheck(password);
    throw unauthorized(MESSAGES.invalidCredentials, "INVALID_CREDENTIALS");
  }
  if (!(await verifyPassword(user.credential.passwordHash, password))) {
    throw unauthorized(MESSAGES.invalidCredentials, "INVALID_CREDENTIALS");
  }
  if (user.organisation && !user.organisation.enabled)
    throw forbidden(MESSAGES.organisationDisabled, "ORGANISATION_DISABLED");
  if (!user.emailConfirmedAt) {
    // The right password for an unconfirmed address: a new link (at most one per
    // LIFECYCLE.confirmationResendMinutes; a queue failure is logged there), no session.
    await resendConfirmation(deps, user.id).catch(() => undefined);
    throw forbidden(LIFECYCLE_MESSAGES.emailNotConfirmed, "EMAIL_NOT_CONFIRMED");
  }
  await clearAttempts(deps.redis, deps.config.redisPrefix, address);
  await recordLogin(deps.prisma, user.id, deps.now());
  return sessionFor(deps, user.id, { temporary });
}

/** Sets a new password and retires every token issued before. */
export async function setPassword(deps: Deps, userId: string, password: string) {
  const passwordHash = await hashPassword(password);
  await deps.prisma.$transaction([
    repo.savePasswordHash(deps.prisma, userId, passwordHash, deps.now()),
    bumpTokenVersion(deps.prisma, userId),
  ]);
  invalidateSession(userId);
}

export async function changePassword(deps: Deps, userId: string, oldPassword: string, newPassword: string) {
  if (await ssoManaged(deps.prisma, userId)) {
    throw forbidden(LIFECYCLE_MESSAGES.ssoPasswordManaged, "SSO_MANAGED");
  }
  const cred = await repo.credentialOf(deps.prisma, userId);
  if (!cred || !(await verifyPassword(cred.passwordHash, oldPassword))) {
    throw badRequest(MESSAGES.wrongOldPassword, "WRONG_PASSWORD");
  }
  await setPassword(deps, userId, newPassword);
  return sessionFor(deps, userId);
}

export async function logoutEverywhere(deps: Deps, userId: string) {
  await bumpTokenVersion(deps.prisma, userId);
  invalidateSession(userId);
}

/**
 * Same answer and the same work whether or not the address has an account (no
 * account discovery, by content or by timing): validate, enqueue the address,
 * answer. The worker looks the user up and mails the link (jobs/password-reset.ts).
 */
export async function requestReset(deps: Deps, email: string) {
  await deps.queues.enqueue(passwordResetJob, { email: normaliseEmail(email) });
  return { message: MESSAGES.resetSent };
}

export async function completeReset(deps: Deps, id: string, password: string) {
  const tokenHash = sha256(id);
  // Claim the token atomically so two concurrent uses cannot both succeed.
  if (!(await repo.claimResetToken(deps.prisma, tokenHash, deps.now())))
    throw badRequest(MESSAGES.resetInvalid, "RESET_TOKEN_INVALID");
  const token = await repo.resetTokenByHash(deps.prisma, tokenHash);
  await setPassword(deps, token.userId, password);
  await repo.dropUnusedResetTokens(deps.prisma, token.userId);
  return { message: "Your password has been reset. You can now log in with the new password." };
}

export async function createOtp(deps: Deps) {
  const token = randomToken();
  const expiresAt = new Date(deps.now().getTime() + OTP_TOKEN_TTL_SECONDS * 1000);
  await repo.createOtpToken(deps.prisma, sha256(token), expiresAt);
  return { token, expiresAt: expiresAt.toISOString() };
}

/** Called by the logged-in mobile app after scanning the QR code. */
export async function approveOtp(deps: Deps, userId: string, token: string) {
  if (!(await repo.approveOtpToken(deps.prisma, sha256(token), userId, deps.now())))
    throw notFound(MESSAGES.otpExpired, "OTP_INVALID");
  return {};
}

/** 403 while waiting for approval (the browser keeps polling); 410 once expired or used. */
export async function otpLogin(deps: Deps, token: string) {
  const tokenHash = sha256(token);
  const row = await repo.otpTokenByHash(deps.prisma, tokenHash);
  if (!row || row.consumedAt || row.expiresAt <= deps.now())
    throw new AppError(410, "OTP_EXPIRED", MESSAGES.otpExpired);
  if (!row.approvedByUserId) throw forbidden(MESSAGES.otpPending, "OTP_PENDING");
  if (!(await repo.consumeOtpToken(deps.prisma, tokenHash, deps.now())))
    throw new AppError(410, "OTP_EXPIRED", MESSAGES.otpExpired);
  return sessionFor(deps, row.approvedByUserId);
}

export async function impersonate(deps: Deps, adminId: string, email: string) {
  const user = await findUserByEmail(deps.prisma, normaliseEmail(email), { id: true });
  if (!user) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  const admin = await findUser(deps.prisma, adminId, { tokenVersion: true });
  if (!admin) throw unauthorized();
  deps.log.warn({ adminId, userId: user.id }, "administrator impersonation");
  await recordActivity(deps.prisma, {
    action: "impersonation.started",
    actorId: adminId,
    subjectId: user.id,
  });
  return sessionFor(deps, user.id, { impersonatedBy: { id: adminId, tokenVersion: admin.tokenVersion } });
}

/** Who an impersonation session is: the user, and the administrator acting as them. */
export async function impersonation(deps: Deps, caller: { id: string; impersonatedBy?: string | undefined }) {
  const ids = [caller.id, ...(caller.impersonatedBy ? [caller.impersonatedBy] : [])];
  const users = await findUsers(deps.prisma, ids, { id: true, email: true });
  const of = (id: string) => users.find((u) => u.id === id) ?? { id, email: "" };
  return {
    impersonating: Boolean(caller.impersonatedBy),
    administrator: caller.impersonatedBy ? of(caller.impersonatedBy) : null,
    user: of(caller.id),
  };
}

/**
 * Ends an impersonation: the administrator's token version moves on, which retires every
 * impersonation session they started (and their other sessions), and they get a new session.
 */
export async function endImpersonation(
  deps: Deps,
  caller: { id: string; impersonatedBy?: string | undefined },
) {
  const adminId = caller.impersonatedBy;
  if (!adminId) throw badRequest("This session is not an impersonation", "NOT_IMPERSONATING");
  await deps.prisma.$transaction(async (tx) => {
    await bumpTokenVersion(tx, adminId);
    await recordActivity(tx, { action: "impersonation.ended", actorId: adminId, subjectId: caller.id });
  });
  invalidateSession(adminId);
  return sessionFor(deps, adminId);
}

// The reviewee's 2FA (REQ-SUP-03): a null code sends one (at most one per 30 s), the
// right code (once) gives a guest session for this share, five wrong codes lock it.
import { randomUUID } from "node:crypto";
import { SUPERVISION_MESSAGES as M, SUPERVISION } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { supervisionCodeJob, supervisionCodeJobId } from "../../jobs/definitions/supervision-code.js";
import { CodeWait } from "../../lib/codes.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { AppError, badRequest } from "../../lib/errors.js";
import { ServiceUnavailable } from "../../lib/store-errors.js";
import { codeHash, codeKey, deriveCode, normaliseCode, sameHash, secondsToWait } from "./codes.js";
import { GUEST_PREFIX } from "./party.js";
import * as repo from "./repository.js";
import { codeBySms, openShare } from "./share.js";

type Channel = "email" | "sms";

const shareLocked = () => new AppError(403, "SHARE_LOCKED", M.locked);
const wrongCode = () => badRequest(M.codeWrong, "OTP_INVALID");

export async function authenticate(deps: Deps, shareId: string, typed: string | null, ip: string) {
  const share = await openShare(deps, shareId);
  if (share.lockedAt) throw shareLocked();
  const key = codeKey(deps.config.jwtSecret);
  const now = deps.now();
  return typed === null ? sendCode(deps, share, key, now) : checkCode(deps, share, key, typed, now, ip);
}

async function sendCode(deps: Deps, share: repo.ShareRow, key: Buffer, now: Date) {
  const requestId = randomUUID();
  const claimed = await repo.claimCodeRequest(deps.prisma, share.id, {
    requestId,
    hash: codeHash(key, share.id, deriveCode(key, requestId)),
    now,
    expiresAt: new Date(now.getTime() + SUPERVISION.codeMinutes * 60_000),
    cooldownSeconds: SUPERVISION.resendSeconds,
  });
  if (!claimed) {
    const state = await repo.codeState(deps.prisma, share.id);
    throw new CodeWait(secondsToWait(state?.codeRequestedAt ?? null, now));
  }
  try {
    await deps.queues.enqueue(
      supervisionCodeJob,
      { shareId: share.id, requestId },
      supervisionCodeJobId(requestId),
    );
  } catch (err) {
    await repo.dropCodeRequest(deps.prisma, share.id, requestId);
    deps.log.error({ err }, "could not queue a supervision code");
    throw new ServiceUnavailable("The code cannot be sent just now. Please try again in a moment.");
  }
  return {
    message: M.codeSent,
    token: null,
    expiresAt: null,
    resendAfter: SUPERVISION.resendSeconds,
    channels: (codeBySms(deps, share.revieweeNumber) ? ["email", "sms"] : ["email"]) as Channel[],
  };
}

async function checkCode(
  deps: Deps,
  share: repo.ShareRow,
  key: Buffer,
  typed: string,
  now: Date,
  ip: string,
) {
  const state = await repo.codeState(deps.prisma, share.id);
  if (!state?.codeHash || !state.codeExpiresAt) throw wrongCode();
  if (now.getTime() >= state.codeExpiresAt.getTime()) throw badRequest(M.codeExpired, "OTP_EXPIRED");
  const given = codeHash(key, share.id, normaliseCode(typed));
  if (sameHash(given, state.codeHash) && (await repo.consumeCode(deps.prisma, share.id, given, now))) {
    const token = `${GUEST_PREFIX}${randomToken()}`;
    await repo.createGuestSession(deps.prisma, {
      shareId: share.id,
      tokenHash: sha256(token),
      ipAddress: ip,
      createdAt: now,
    });
    return {
      message: M.authenticated,
      token,
      expiresAt: share.expiresAt.toISOString(),
      resendAfter: 0,
      channels: [] as Channel[],
    };
  }
  if (await repo.countWrongCode(deps.prisma, share.id, SUPERVISION.maxWrongCodes, now)) throw shareLocked();
  throw wrongCode();
}

// The one-time-code step that turns a link into a guest session (supervision reviewees, REQ-SUP-03;
// attesters, ADR 0028): a null code asks for one (at most one per cooldown: one UPDATE claims the
// request, so two racing asks cannot both pass), the right code (once) gives a guest token whose
// SHA-256 alone is stored, and the wrong code that reaches the limit locks the link. What is stored
// where is the caller's: its repository builds the `store` (each query on its own table, ADR 0016),
// from codeUpdates and wrongCodeUpdate here, as both tables have the same code columns.
import { randomUUID } from "node:crypto";
import { Prisma } from "../generated/prisma/client.js";
import { CodeWait, codeHash, normaliseCode, sameHash, secondsToWait } from "./codes.js";
import { randomToken, sha256 } from "./crypto.js";
import type { Db } from "./db.js";
import { type AppError, badRequest } from "./errors.js";
import { ServiceUnavailable } from "./store-errors.js";

interface CodeLimits {
  codeMinutes: number;
  resendSeconds: number;
  maxWrongCodes: number;
}

export interface CodeStore {
  /** Records a new request unless one was made within the cooldown; whether it was recorded. */
  claim(c: {
    requestId: string;
    hash: string;
    now: Date;
    expiresAt: Date;
    cooldownSeconds: number;
  }): Promise<boolean>;
  /** Undoes a request whose job could not be queued. */
  drop(requestId: string): Promise<unknown>;
  /** The current code: its keyed hash, when asked and until when valid. */
  state(): Promise<{
    codeHash: string | null;
    codeRequestedAt: Date | null;
    codeExpiresAt: Date | null;
  } | null>;
  /** Uses the code up: only the first of two racing right answers wins. */
  consume(hash: string, now: Date): Promise<boolean>;
  /** Counts a wrong code; whether the link is now locked. */
  countWrong(max: number, now: Date): Promise<boolean>;
  /** Stores a guest session by its token's hash. */
  createSession(tokenHash: string, now: Date): Promise<unknown>;
}

/** The code columns every guest-link table has (supervision_shares, attestations): a step's filter. */
interface CodeWhere {
  codeRequestId?: string;
  codeHash?: string;
  lockedAt?: null;
  codeExpiresAt?: { gt: Date };
  OR?: { codeRequestedAt: null | { lte: Date } }[];
}

interface CodeData {
  codeRequestId?: string | null;
  codeHash?: string | null;
  codeRequestedAt?: Date | null;
  codeExpiresAt?: Date | null;
}

/**
 * The store's steps that set only code columns, for one link's row. `update` is the owning
 * repository's updateMany on that row; with `openAt`, the row must also still be open then (what
 * open means is the module's). A code is asked for and used only while the link is open; dropping
 * an unqueued request needs only its id.
 */
export function codeUpdates(
  update: (where: CodeWhere, data: CodeData, openAt: Date | null) => Promise<{ count: number }>,
): Pick<CodeStore, "claim" | "drop" | "consume"> {
  return {
    claim: async (c) => {
      const since = new Date(c.now.getTime() - c.cooldownSeconds * 1000);
      const n = await update(
        { OR: [{ codeRequestedAt: null }, { codeRequestedAt: { lte: since } }] },
        { codeRequestId: c.requestId, codeHash: c.hash, codeRequestedAt: c.now, codeExpiresAt: c.expiresAt },
        c.now,
      );
      return n.count === 1;
    },
    drop: (requestId) =>
      update(
        { codeRequestId: requestId },
        { codeRequestId: null, codeHash: null, codeRequestedAt: null, codeExpiresAt: null },
        null,
      ),
    // Only the first of two racing right answers gets the row.
    consume: async (hash, now) => {
      const where = { codeHash: hash, lockedAt: null, codeExpiresAt: { gt: now } };
      return (await update(where, { codeHash: null }, now)).count === 1;
    },
  };
}

/**
 * What follows `UPDATE <table> SET` in the owning repository's statement that counts a wrong code
 * on link `id` while unlocked: the one that reaches `max` locks it. Its rows go to lockedAfter.
 */
export const wrongCodeUpdate = (id: string, max: number, now: Date) =>
  Prisma.sql`wrong_codes = wrong_codes + 1,
             locked_at = CASE WHEN wrong_codes + 1 >= ${max} THEN ${now} ELSE locked_at END
       WHERE id = ${id}::uuid AND locked_at IS NULL
   RETURNING locked_at IS NOT NULL AS locked`;

/** Whether the row is locked after that UPDATE (no row: it already was). */
export const lockedAfter = async (rows: Promise<{ locked: boolean }[]>) => (await rows)[0]?.locked ?? true;

interface CodeStep {
  /** What the code is bound to (the share's or the attestation's id). */
  scope: string;
  key: Buffer;
  derive: (requestId: string) => string;
  limits: CodeLimits;
  store: CodeStore;
  now: Date;
}

/** Asks for a code: claims the request, then queues its job (undone when the queue is down). */
async function requestCode(
  step: CodeStep,
  enqueue: (requestId: string) => Promise<unknown>,
  onQueueError: (err: unknown) => void,
): Promise<void> {
  const requestId = randomUUID();
  const { now, limits, store } = step;
  const claimed = await store.claim({
    requestId,
    hash: codeHash(step.key, step.scope, step.derive(requestId)),
    now,
    expiresAt: new Date(now.getTime() + limits.codeMinutes * 60_000),
    cooldownSeconds: limits.resendSeconds,
  });
  if (!claimed) {
    const state = await store.state();
    throw new CodeWait(secondsToWait(state?.codeRequestedAt ?? null, now, limits.resendSeconds));
  }
  try {
    await enqueue(requestId);
  } catch (err) {
    await store.drop(requestId);
    onQueueError(err);
    throw new ServiceUnavailable("The code cannot be sent just now. Please try again in a moment.");
  }
}

/**
 * Checks a typed code: the guest token when right (`prefix` + random, only its SHA-256 stored),
 * else the refusal: a wrong or expired code's 400, or `locked` once the wrong codes reach the limit.
 */
async function redeemCode(
  step: CodeStep,
  typed: string,
  o: { prefix: string; locked: () => AppError; messages: { codeWrong: string; codeExpired: string } },
): Promise<string> {
  const { now, store } = step;
  const wrong = () => badRequest(o.messages.codeWrong, "OTP_INVALID");
  const state = await store.state();
  if (!state?.codeHash || !state.codeExpiresAt) throw wrong();
  if (now.getTime() >= state.codeExpiresAt.getTime()) throw badRequest(o.messages.codeExpired, "OTP_EXPIRED");
  const given = codeHash(step.key, step.scope, normaliseCode(typed));
  if (sameHash(given, state.codeHash) && (await store.consume(given, now))) {
    const token = `${o.prefix}${randomToken()}`;
    await store.createSession(sha256(token), now);
    return token;
  }
  if (await store.countWrong(step.limits.maxWrongCodes, now)) throw o.locked();
  throw wrong();
}

/** What the step needs of the app's dependencies (Deps has them). */
interface CodeDeps {
  prisma: Db;
  config: { jwtSecret: string };
  now: () => Date;
  log: { error: (obj: object, msg: string) => void };
}

/** What one module's code step is: its key, limits, storage, texts and refusal once locked. */
export interface CodeRules<D extends CodeDeps> {
  key: (jwtSecret: string) => Buffer;
  derive: (key: Buffer, requestId: string) => string;
  limits: CodeLimits;
  prefix: string;
  locked: () => AppError;
  messages: { codeSent: string; authenticated: string; codeWrong: string; codeExpired: string };
  /** The module's repository steps for one link, asked from `ip`. */
  store: (db: Db, id: string, ip: string) => CodeStore;
  /** What the log calls the code when its job cannot be queued ("a supervision code"). */
  logName: string;
  /** Queues the job that sends the code of request `requestId` for link `id`. */
  enqueue: (deps: D, id: string, requestId: string) => Promise<unknown>;
}

type Channel = "email" | "sms";

/**
 * The whole step, answered: a null code asks for one (queued by `enqueue`), a typed one gives the
 * guest token (valid until the link's `expiresAt`). `bySms`: the code also goes by text.
 */
export async function guestCode<D extends CodeDeps>(
  rules: CodeRules<D>,
  deps: D,
  link: { id: string; expiresAt: Date; bySms: boolean },
  call: { typed: string | null; ip: string },
) {
  const key = rules.key(deps.config.jwtSecret);
  const step: CodeStep = {
    scope: link.id,
    key,
    derive: (requestId) => rules.derive(key, requestId),
    limits: rules.limits,
    store: rules.store(deps.prisma, link.id, call.ip),
    now: deps.now(),
  };
  if (call.typed === null) {
    await requestCode(
      step,
      (requestId) => rules.enqueue(deps, link.id, requestId),
      (err) => deps.log.error({ err }, `could not queue ${rules.logName}`),
    );
    return {
      message: rules.messages.codeSent,
      token: null,
      expiresAt: null,
      resendAfter: rules.limits.resendSeconds,
      channels: (link.bySms ? ["email", "sms"] : ["email"]) as Channel[],
    };
  }
  return {
    message: rules.messages.authenticated,
    token: await redeemCode(step, call.typed, rules),
    expiresAt: link.expiresAt.toISOString(),
    resendAfter: 0,
    channels: [] as Channel[],
  };
}

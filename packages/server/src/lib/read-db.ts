// Where a heavy read runs: the read replica (DATABASE_READ_URL) or the primary
// (docs/decisions/0032-read-replicas.md). Only the heavy-read services call this; writes, reads
// inside a transaction and everything else stay on the primary's pool.
//
// The replica is used for a caller's read unless
//  - the caller wrote in the last WROTE_TTL_MS (a Redis key, so it holds across API replicas),
//  - the replica's measured lag exceeds MAX_LAG_MS, or
//  - the replica failed a moment ago (it is then left alone for DOWN_FOR_MS).
// A read the replica fails with is run again on the primary: a reader never sees a replica's 5xx.
import type { Redis } from "ioredis";
import type pg from "pg";
import type { Logger } from "pino";
import { type Db, ping, replayedPast, replayPosition, walPosition } from "./db.js";

/** The lag we tolerate on a read by someone who has not just written (a list a few seconds old). */
const MAX_LAG_MS = 5_000;
/**
 * How long after a write its author reads the primary. Longer than MAX_LAG_MS plus a lag sample's
 * age (SAMPLE_EVERY_MS) plus margin: once the key expires, a replica we still use holds the write.
 */
export const WROTE_TTL_MS = 10_000;
/** Lag is measured at most this often per process (two one-row queries). */
const SAMPLE_EVERY_MS = 1_000;
/** After a connection failure or timeout the replica is not tried for this long. */
const DOWN_FOR_MS = 5_000;
/** A lag sample or a fence check that takes longer than this counts as the replica failing. */
const PROBE_MS = 1_000;
/** The worker's fence waits at most this long for the replica to catch up, then reads the primary. */
const FENCE_WAIT_MS = 1_000;

export interface DbHandle {
  pool: pg.Pool;
  prisma: Db;
}

export interface ReadOptions {
  maxLagMs: number;
  wroteTtlMs: number;
  sampleEveryMs: number;
  downForMs: number;
}

/** Who reads: a caller (read-your-writes by user id), or "fenced" (sees everything committed before the call). */
type Reader = { userId: string } | "fenced";

/** pg_lsn text ("16/B374D848") as a number that compares. */
export const lsnValue = (lsn: string) => {
  const [hi = "0", lo = "0"] = lsn.split("/");
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
};

/** Driver and server errors that mean the replica cannot be reached or is going away. */
export function isConnectionError(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    i++
  ) {
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (/^(08|57P0)/.test(code) || /^E(CONNREFUSED|CONNRESET|TIMEDOUT|HOSTUNREACH|NOTFOUND|PIPE)$/.test(code))
      return true;
    if (/timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/i.test(message))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

const withTimeout = <T>(p: Promise<T>, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error("replica probe timeout"), { code: "ETIMEDOUT" })),
        ms,
      );
    }),
  ]).finally(() => clearTimeout(timer));
};

export class ReadRouter {
  private readonly opts: ReadOptions;
  private downUntil = 0;
  private lagMs = 0;
  private sampledAt = 0;
  private sampling: Promise<void> | null = null;
  /** The primary's WAL position over the last moments: [time, lsn], oldest first. */
  private history: { at: number; lsn: bigint }[] = [];

  constructor(
    readonly primary: DbHandle,
    readonly replica: DbHandle | null,
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: Logger,
    opts: Partial<ReadOptions> = {},
  ) {
    this.opts = {
      maxLagMs: MAX_LAG_MS,
      wroteTtlMs: WROTE_TTL_MS,
      sampleEveryMs: SAMPLE_EVERY_MS,
      downForMs: DOWN_FOR_MS,
      ...opts,
    };
  }

  /** Whether a replica is configured at all (without one, nothing here touches Redis). */
  get replicated() {
    return this.replica !== null;
  }

  private wroteKey(userId: string) {
    return `${this.prefix}:wrote:${userId}`;
  }

  /** Records that `userId` just wrote: their heavy reads go to the primary for a while. */
  async noteWrite(userId: string) {
    if (!this.replica) return;
    await this.redis.set(this.wroteKey(userId), "1", "PX", this.opts.wroteTtlMs);
  }

  private markDown(err: unknown) {
    if (Date.now() >= this.downUntil)
      this.log.warn({ err }, "read replica unavailable; reading the primary for a while");
    this.downUntil = Date.now() + this.opts.downForMs;
  }

  /** Measures the lag: how long ago the primary had written what the replica has not replayed yet. */
  private async sample() {
    const replica = this.replica;
    if (!replica) return;
    try {
      const [primaryAt, replayed] = await withTimeout(
        Promise.all([walPosition(this.primary.pool), replayPosition(replica.pool)]),
        PROBE_MS,
      );
      const now = Date.now();
      const primaryLsn = lsnValue(primaryAt);
      if (!replayed) throw Object.assign(new Error("DATABASE_READ_URL is not a standby"), { code: "08000" });
      this.history.push({ at: now, lsn: primaryLsn });
      const keepFrom = now - 2 * this.opts.maxLagMs - this.opts.sampleEveryMs;
      while (this.history.length > 1 && (this.history[0]?.at ?? now) < keepFrom) this.history.shift();
      const replayedLsn = lsnValue(replayed);
      const behind = this.history.find((s) => s.lsn > replayedLsn);
      // Behind since the oldest sampled position not replayed yet (the history keeps more than
      // MAX_LAG_MS, so a replica behind for longer still measures over the limit); caught up if none.
      this.lagMs = behind ? now - behind.at : 0;
      this.sampledAt = now;
    } catch (err) {
      this.sampledAt = Date.now();
      this.markDown(err);
    }
  }

  private async lag() {
    if (Date.now() - this.sampledAt >= this.opts.sampleEveryMs) {
      this.sampling ??= this.sample().finally(() => {
        this.sampling = null;
      });
      await this.sampling;
    }
    return this.lagMs;
  }

  /** The replica, if `reader` may use it now; else null (the primary). */
  private async choose(reader: Reader): Promise<DbHandle | null> {
    const replica = this.replica;
    if (!replica || Date.now() < this.downUntil) return null;
    if (reader === "fenced") return (await this.fence(replica)) ? replica : null;
    const [wrote, lag] = await Promise.all([
      this.redis.exists(this.wroteKey(reader.userId)).catch(() => 1), // Redis unsure: be safe
      this.lag(),
    ]);
    if (wrote || Date.now() < this.downUntil || lag > this.opts.maxLagMs) return null;
    return replica;
  }

  /** True when the replica has replayed everything the primary had committed when this was called. */
  private async fence(replica: DbHandle) {
    try {
      const target = await withTimeout(walPosition(this.primary.pool), PROBE_MS);
      const until = Date.now() + FENCE_WAIT_MS;
      for (;;) {
        if (await withTimeout(replayedPast(replica.pool, target), PROBE_MS)) return true;
        if (Date.now() >= until) return false;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } catch (err) {
      this.markDown(err);
      return false;
    }
  }

  /**
   * Runs a read-only `fn` on the replica when `reader` may use it, else on the primary. A failure
   * on the replica reruns `fn` on the primary (and, when it is a connection failure or timeout,
   * leaves the replica alone for a while). Never call with a transaction's work: transactions
   * always run on their own connection, on the primary.
   */
  async run<T>(reader: Reader, fn: (db: DbHandle) => Promise<T>): Promise<T> {
    const target = await this.choose(reader);
    if (!target) return fn(this.primary);
    try {
      return await fn(target);
    } catch (err) {
      if (isConnectionError(err)) this.markDown(err);
      else this.log.warn({ err }, "read failed on the replica; reading the primary");
      return fn(this.primary);
    }
  }

  /** Readiness: the replica answers (undefined when none is configured). */
  async ping() {
    if (this.replica) await ping(this.replica.pool);
  }
}

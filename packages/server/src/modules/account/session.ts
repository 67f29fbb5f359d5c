// The session facts of every authenticated call, from the database and never
// from the token: token version, roles and organisation, in one primary-key query.
//
// A small in-process cache keeps them for SESSION_CACHE_TTL_MS. Every change (logout,
// password change or reset, role change) invalidates the user's entry after it commits,
// here and, over Redis pub/sub (shareSessionInvalidations), in every other replica; a
// message lost while Redis is down costs at most the TTL, and a replica whose subscription
// comes back empties its cache.
import type { Redis } from "ioredis";
import type pg from "pg";
import type { Db } from "../../lib/db.js";
import { bumpTokenVersion, replaceRoles } from "./repository.js";

export interface SessionFacts {
  tokenVersion: number;
  /** Sorted role names. */
  roles: string[];
  organisationId: number | null;
  /** False when the user's organisation has been switched off: its members are signed out. */
  organisationEnabled: boolean;
}

export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 5_000;

export const SESSION_SQL = `
SELECT u.token_version, u.organisation_id, COALESCE(o.enabled, true) AS organisation_enabled,
       COALESCE((SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles
  FROM users u
  LEFT JOIN organisations o ON o.id = u.organisation_id
 WHERE u.id = $1`;

/** A Map with expiry and a size cap; `now` is injected so tests can move time. */
export class SessionCache {
  private readonly entries = new Map<string, { facts: SessionFacts; expires: number }>();
  /** Bumped by every invalidation: a read that started before one must not refill the cache. */
  private generation = 0;

  constructor(
    readonly ttlMs = SESSION_CACHE_TTL_MS,
    readonly max = SESSION_CACHE_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  get(userId: string): SessionFacts | undefined {
    const hit = this.entries.get(userId);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.entries.delete(userId);
      return undefined;
    }
    return hit.facts;
  }

  /** Where a read starts: pass it to set() when the read is done. */
  mark(): number {
    return this.generation;
  }

  set(userId: string, facts: SessionFacts, mark: number) {
    if (mark !== this.generation) return;
    if (this.entries.size >= this.max) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(userId, { facts, expires: this.now() + this.ttlMs });
  }

  /** Where this process's invalidations go (the other replicas); see shareSessionInvalidations. */
  readonly peers = new Set<(userId: string) => void>();

  invalidate(userId: string, tellPeers = true) {
    this.generation++;
    this.entries.delete(userId);
    if (tellPeers) for (const tell of this.peers) tell(userId);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}

/** The one cache of this process. */
const sessionCache = new SessionCache();

/** The session facts of a user, or null when the user does not exist. */
export async function loadSession(
  pool: pg.Pool,
  userId: string,
  cache: SessionCache = sessionCache,
): Promise<SessionFacts | null> {
  const cached = cache.get(userId);
  if (cached) return cached;
  const mark = cache.mark();
  const { rows } = await pool.query<{
    token_version: number;
    organisation_id: number | null;
    organisation_enabled: boolean;
    roles: string[];
  }>({ name: "session-facts", text: SESSION_SQL, values: [userId] });
  const row = rows[0];
  if (!row) return null;
  const facts = {
    tokenVersion: row.token_version,
    roles: row.roles,
    organisationId: row.organisation_id,
    organisationEnabled: row.organisation_enabled,
  };
  cache.set(userId, facts, mark);
  return facts;
}

/** Forget the cached facts of a user; call after the change has committed. */
export const invalidateSession = (userId: string) => sessionCache.invalidate(userId);

/** Replaces a user's roles and retires their tokens, so the change applies to the next call. */
export async function setRoles(db: Db, userId: string, roles: readonly string[]) {
  const unique = [...new Set(roles)];
  await db.$transaction(async (tx) => {
    await replaceRoles(tx, userId, unique);
    await bumpTokenVersion(tx, userId);
  });
  invalidateSession(userId);
}

/**
 * Shares invalidations between the processes on one Redis: each one publishes the users it
 * invalidates and drops the entries the others publish. Answers the function that stops it.
 */
export function shareSessionInvalidations(redis: Redis, prefix: string, cache: SessionCache = sessionCache) {
  const channel = `${prefix}:session-invalidated`;
  // A subscribed connection does nothing else; this one keeps reconnecting on its own.
  const sub = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, lazyConnect: false });
  let connectedBefore = false;
  sub.on("ready", () => {
    // Back after an outage: what was published meanwhile is lost, so forget everything.
    if (connectedBefore) cache.clear();
    connectedBefore = true;
  });
  sub.on("error", () => {
    // Reconnects by itself; until then the TTL bounds how stale an entry can be.
  });
  sub.on("message", (_channel: string, userId: string) => cache.invalidate(userId, false));
  const subscribed = sub.subscribe(channel).catch(() => undefined);
  const tell = (userId: string) => {
    redis.publish(channel, userId).catch(() => undefined);
  };
  cache.peers.add(tell);
  return {
    /** Resolves once the subscription is in place (tests wait for it). */
    ready: subscribed,
    stop: () => {
      cache.peers.delete(tell);
      sub.disconnect();
    },
  };
}

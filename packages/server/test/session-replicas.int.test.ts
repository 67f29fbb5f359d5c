// Replicas share session invalidations over Redis: what one process invalidates (logout,
// password or role change), the others drop at once instead of serving it for the cache's TTL.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { SessionCache, shareSessionInvalidations } from "../src/modules/account/session.js";
import { useApp } from "./harness.js";

const h = useApp();
const stops: (() => void)[] = [];
afterAll(() => {
  for (const stop of stops) stop();
});

const FACTS = { tokenVersion: 1, roles: ["User-Basic"], organisationId: null, organisationEnabled: true };

async function replica(prefix: string) {
  // A TTL of an hour: only an invalidation can empty the entry within the test.
  const cache = new SessionCache(3_600_000);
  const shared = shareSessionInvalidations(h.deps.redis, prefix, cache);
  stops.push(shared.stop);
  await shared.ready;
  return cache;
}

describe("session invalidations across replicas", () => {
  it("an invalidation in one replica empties the entry in the other, not the other users' entries", async () => {
    const prefix = `${h.deps.config.redisPrefix}_replicas_${randomUUID()}`;
    const [a, b] = [await replica(prefix), await replica(prefix)];
    const [user, other] = [randomUUID(), randomUUID()];
    for (const c of [a, b]) {
      c.set(user, FACTS, c.mark());
      c.set(other, FACTS, c.mark());
    }
    a.invalidate(user);
    expect(a.get(user)).toBeUndefined();
    await expect.poll(() => b.get(user), { timeout: 3_000, interval: 20 }).toBeUndefined();
    expect(b.get(other)).toEqual(FACTS);
    expect(a.get(other)).toEqual(FACTS);
  });

  it("replicas on another prefix (another installation on the same Redis) are not told", async () => {
    const two = `${h.deps.config.redisPrefix}_two_${randomUUID()}`;
    const [a, b, c] = [
      await replica(`${h.deps.config.redisPrefix}_one_${randomUUID()}`),
      await replica(two),
      await replica(two),
    ];
    const [user, marker] = [randomUUID(), randomUUID()];
    b.set(user, FACTS, b.mark());
    b.set(marker, FACTS, b.mark());
    a.invalidate(user);
    // Published after a's message on the same connection: once b has this one, a's would have come first.
    c.invalidate(marker);
    await expect.poll(() => b.get(marker), { timeout: 3_000, interval: 20 }).toBeUndefined();
    expect(b.get(user)).toEqual(FACTS);
  });
});

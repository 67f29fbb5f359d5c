import { describe, expect, it } from "vitest";
import { SessionCache, type SessionFacts } from "./session.js";

const facts = (tv: number, roles = ["User-Basic"]): SessionFacts => ({
  tokenVersion: tv,
  roles,
  organisationId: null,
  organisationEnabled: true,
});

describe("SessionCache", () => {
  it("keeps an entry for its time to live, then forgets it", () => {
    let now = 1_000;
    const cache = new SessionCache(5_000, 10, () => now);
    cache.set("u", facts(1), cache.mark());
    now += 4_999;
    expect(cache.get("u")?.tokenVersion).toBe(1);
    now += 1;
    expect(cache.get("u")).toBeUndefined();
  });

  it("forgets a user at once when invalidated", () => {
    const cache = new SessionCache();
    cache.set("u", facts(1), cache.mark());
    cache.set("v", facts(7), cache.mark());
    cache.invalidate("u");
    expect(cache.get("u")).toBeUndefined();
    expect(cache.get("v")?.tokenVersion).toBe(7);
  });

  it("does not store a read that started before an invalidation (a retired version cannot come back)", () => {
    const cache = new SessionCache();
    const mark = cache.mark(); // a request starts reading version 1 ...
    cache.invalidate("u"); // ... meanwhile a logout commits version 2
    cache.set("u", facts(1), mark); // the slow read finishes
    expect(cache.get("u")).toBeUndefined();
  });

  it("holds at most `max` entries, dropping the oldest", () => {
    const cache = new SessionCache(60_000, 2);
    cache.set("a", facts(1), cache.mark());
    cache.set("b", facts(2), cache.mark());
    cache.set("c", facts(3), cache.mark());
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")?.tokenVersion).toBe(2);
    expect(cache.get("c")?.tokenVersion).toBe(3);
  });
});

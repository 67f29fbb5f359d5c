// The payment provider's signed membership webhook (REQ-MEMBER-10) and the upgrade link that names the
// customer: signatures checked on the raw bytes, replays and repeats refused, every change visible
// through GET /profile/membership and GET /profile.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { ERROR_CODES, LIFECYCLE, LIFECYCLE_MESSAGES } from "@cpd/contract";
import { afterAll, describe, expect, it } from "vitest";
import { createPaymentServer, FAKE_WEBHOOK_SECRET, signWebhook } from "../../../scripts/fakes/payment.mjs";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { call, createUser, type Harness, refusal, type TestUser, useApp } from "./harness.js";

const UPGRADE_URL = "http://127.0.0.1:4630/checkout";
const h = useApp({ config: { paymentWebhookSecret: FAKE_WEBHOOK_SECRET, upgradeUrl: UPGRADE_URL } });
const unset = useApp({ config: { paymentWebhookSecret: null } });

const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Delivery {
  secret?: string;
  at?: number;
  /** Replaces the signature header (null: none at all). */
  header?: string | null;
  /** Sent instead of the signed bytes (a body changed after signing). */
  tamper?: string;
  contentType?: string;
  app?: Harness;
}

async function deliver(payload: unknown, o: Delivery = {}) {
  const raw = typeof payload === "string" ? payload : JSON.stringify(payload);
  const header = o.header === undefined ? signWebhook(raw, o.secret ?? FAKE_WEBHOOK_SECRET, o.at) : o.header;
  return call((o.app ?? h).app, "POST", "/membership/webhook", {
    payload: o.tamper ?? raw,
    headers: {
      "content-type": o.contentType ?? "application/json",
      ...(header === null ? {} : { "x-signature": header }),
    },
  });
}

const event = (customer: string, type: string, extra: Record<string, unknown> = {}) => ({
  id: `evt_${randomUUID()}`,
  type,
  customer,
  ...extra,
});

const membership = async (u: TestUser) =>
  (await call(h.app, "GET", "/profile/membership", { token: u.token })).body;
const fullMember = async (u: TestUser) =>
  (await call(h.app, "GET", "/profile", { token: u.token })).body.fullMember;
const basicUser = () => createUser(h.deps, { tier: "BASIC", trialEnd: addDays(todayInLondon(), 30) });
const recorded = (id: string) => h.deps.prisma.paymentEvent.count({ where: { id } });
const changes = (userId: string) => h.deps.prisma.activityLog.count({ where: { actorId: userId } });

describe("GET /profile/membership upgradeUrl", () => {
  it("names the customer (the user's id) and the e-mail address, URL-encoded", async () => {
    const me = await basicUser();
    const url = new URL((await membership(me)).upgradeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(UPGRADE_URL);
    expect(url.searchParams.get("customer")).toBe(me.id);
    expect(url.searchParams.get("email")).toBe(me.email);
    expect((await membership(me)).upgradeUrl).toContain(`email=${encodeURIComponent(me.email)}`);
  });
});

describe("POST /membership/webhook", () => {
  it("started, renewed, cancelled and ended change the membership and fullMember", async () => {
    const me = await basicUser();
    const today = todayInLondon();
    expect(await fullMember(me)).toBe(false);

    const periodEnd = addDays(today, 31);
    const started = await deliver(event(me.id, "membership.started", { plan: "monthly", periodEnd }));
    expect([started.status, started.body]).toEqual([200, { received: true, duplicate: false }]);
    expect(await membership(me)).toMatchObject({
      tier: "PREMIUM",
      active: true,
      autoRenew: true,
      cancellable: true,
      endDate: periodEnd,
      memberSince: today,
      membershipSource: "Direct Debit (monthly)",
    });
    expect(await fullMember(me)).toBe(true);

    // Renewal: a new period; the member keeps their start date.
    await h.deps.prisma.membership.update({
      where: { userId: me.id },
      data: { memberSince: new Date("2024-03-01T00:00:00Z") },
    });
    const next = addDays(today, 366);
    const renewed = await deliver(event(me.id, "membership.renewed", { plan: "yearly", periodEnd: next }));
    expect(renewed.status).toBe(200);
    expect(await membership(me)).toMatchObject({
      tier: "PREMIUM",
      active: true,
      endDate: next,
      memberSince: "2024-03-01",
      membershipSource: "Direct Debit (yearly)",
    });

    // Cancelled: no renewal, still a member until the end date.
    const cancelled = await deliver(event(me.id, "membership.cancelled"));
    expect(cancelled.status).toBe(200);
    expect(await membership(me)).toMatchObject({
      tier: "PREMIUM",
      active: true,
      autoRenew: false,
      cancellable: false,
      endDate: next,
    });
    expect(await fullMember(me)).toBe(true);

    // Ended without a period end: today.
    const ended = await deliver(event(me.id, "membership.ended"));
    expect(ended.status).toBe(200);
    expect(await membership(me)).toMatchObject({
      tier: "BASIC",
      active: false,
      autoRenew: false,
      cancellable: false,
      endDate: today,
    });
    expect(await fullMember(me)).toBe(false);
    const log = await h.deps.prisma.activityLog.findMany({
      where: { actorId: me.id },
      orderBy: { at: "asc" },
      select: { action: true },
    });
    expect(log.map((l) => l.action)).toEqual([
      "membership.started",
      "membership.renewed",
      "membership.cancelled",
      "membership.ended",
    ]);
  });

  it("refuses a wrong signature, a missing header, a stale or future timestamp and a changed body: 401, nothing changes", async () => {
    const me = await basicUser();
    const before = await membership(me);
    const e = event(me.id, "membership.started", { plan: "monthly" });
    const raw = JSON.stringify(e);
    const tolerance = LIFECYCLE.webhookToleranceSeconds;
    const attempts = [
      await deliver(e, { secret: "another-secret-another-secret-0000" }),
      await deliver(e, { header: null }),
      await deliver(e, { header: "" }),
      await deliver(e, { header: "t=abc,v1=xyz" }),
      await deliver(e, { header: `v1=${"0".repeat(64)}` }),
      await deliver(e, { at: nowSeconds() - tolerance - 5 }),
      await deliver(e, { at: nowSeconds() + tolerance + 5 }),
      await deliver(e, { tamper: raw.replace("monthly", "yearly") }),
      await deliver(e, { tamper: `${raw} ` }),
    ];
    for (const res of attempts)
      expect(refusal(res)).toEqual([401, "WEBHOOK_SIGNATURE", LIFECYCLE_MESSAGES.webhookSignature]);
    expect(await recorded(e.id)).toBe(0);
    expect(await membership(me)).toEqual(before);
    expect(await changes(me.id)).toBe(0);

    // Just inside the window is accepted.
    const inside = await deliver(e, { at: nowSeconds() - tolerance + 5 });
    expect(inside.status).toBe(200);
  });

  it("applies an event id once: a repeat answers duplicate true and changes nothing", async () => {
    const me = await basicUser();
    const e = event(me.id, "membership.started", {
      plan: "monthly",
      periodEnd: addDays(todayInLondon(), 30),
    });
    const first = await deliver(e);
    expect(first.body).toEqual({ received: true, duplicate: false });
    // The same id again, even with another content (a provider's retry is byte-identical anyway).
    await h.deps.prisma.membership.update({ where: { userId: me.id }, data: { active: false } });
    const again = await deliver({ ...e, type: "membership.renewed" });
    expect([again.status, again.body]).toEqual([200, { received: true, duplicate: true }]);
    expect((await membership(me)).active).toBe(false);
    expect(await recorded(e.id)).toBe(1);
    expect(await changes(me.id)).toBe(1);
  });

  it("racing copies of one event: one change", async () => {
    const me = await basicUser();
    const e = event(me.id, "membership.started", { plan: "yearly" });
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(e)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    expect(await recorded(e.id)).toBe(1);
    expect(await changes(me.id)).toBe(1);
    expect(await membership(me)).toMatchObject({ tier: "PREMIUM", active: true });
  });

  it("records an event for an unknown customer and answers 200 (the provider must not retry forever)", async () => {
    const stranger = randomUUID();
    const e = event(stranger, "membership.started", { plan: "monthly" });
    const res = await deliver(e);
    expect([res.status, res.body]).toEqual([200, { received: true, duplicate: false }]);
    const row = await h.deps.prisma.paymentEvent.findUnique({ where: { id: e.id } });
    expect(row).toMatchObject({ userId: stranger, type: "membership.started" });
    expect(await h.deps.prisma.membership.count({ where: { userId: stranger } })).toBe(0);
  });

  it("leaves a corporate (organisation) membership alone", async () => {
    const me = await createUser(h.deps, { tier: "CORPORATE" });
    const before = await membership(me);
    const res = await deliver(event(me.id, "membership.ended"));
    expect(res.status).toBe(200);
    expect(await membership(me)).toEqual(before);
    expect(await changes(me.id)).toBe(0);
  });

  it("answers 503 when no secret is configured, before reading anything", async () => {
    const me = await basicUser();
    const e = event(me.id, "membership.started");
    const res = await deliver(e, { app: unset });
    expect(refusal(res)).toEqual([503, "WEBHOOK_UNAVAILABLE", LIFECYCLE_MESSAGES.webhookUnavailable]);
    expect(await recorded(e.id)).toBe(0);
  });

  it("refuses hostile signed bodies with a 4xx and changes nothing", async () => {
    const me = await basicUser();
    const before = await membership(me);
    const valid = event(me.id, "membership.started");
    const signedBad = [
      "",
      "{",
      "null",
      "[]",
      '{"__proto__":{"admin":true}}',
      JSON.stringify({ ...valid, type: "membership.refunded" }),
      JSON.stringify({ ...valid, customer: "not-a-uuid" }),
      JSON.stringify({ ...valid, customer: `urn:uuid:${me.id}` }),
      JSON.stringify({ ...valid, id: "" }),
      JSON.stringify({ ...valid, id: "a\u0000b" }),
      JSON.stringify({ ...valid, periodEnd: "2026-02-30x" }),
      JSON.stringify({ ...valid, plan: "weekly" }),
      JSON.stringify({ ...valid, id: 5 }),
    ];
    for (const body of signedBad) {
      const res = await deliver(body);
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
      expect(ERROR_CODES, body).toContain(res.body.code);
    }
    const tooLarge = await deliver(JSON.stringify({ ...valid, pad: "x".repeat(2_000_000) }));
    expect(tooLarge.status).toBe(413);
    const wrongType = await deliver(valid, { contentType: "text/plain" });
    expect(wrongType.status).toBe(415);
    expect(await membership(me)).toEqual(before);
    expect(await changes(me.id)).toBe(0);
    expect(await recorded(valid.id)).toBe(0);
  });

  it("documents the body schema and the signature header in OpenAPI", async () => {
    const doc = (await call(h.app, "GET", "/docs/json")).body;
    const op = doc.paths["/api/membership/webhook"].post;
    expect(op.requestBody.content["application/json"].schema.properties.customer).toMatchObject({
      type: "string",
      description: "UUID",
    });
    expect(op.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: "header", name: "x-signature" })]),
    );
  });
});

describe("the local payment page end to end", () => {
  let closeAll: (() => Promise<void>) | undefined;
  afterAll(async () => closeAll?.());

  it("paying on the fake's checkout page makes the user a Premium member", async () => {
    await h.app.listen({ port: 0, host: "127.0.0.1" });
    const api = h.app.server.address() as AddressInfo;
    const payment = createPaymentServer({
      target: `http://127.0.0.1:${api.port}/api/membership/webhook`,
      secret: FAKE_WEBHOOK_SECRET,
    });
    await new Promise<void>((resolve) => payment.listen(0, "127.0.0.1", resolve));
    closeAll = async () => {
      await new Promise((resolve) => payment.close(resolve));
    };
    const page = `http://127.0.0.1:${(payment.address() as AddressInfo).port}`;
    const me = await basicUser();
    // The link the membership card opens, pointed at this fake.
    const link = new URL((await membership(me)).upgradeUrl);
    const form = await fetch(`${page}/checkout${link.search}`);
    expect(await form.text()).toContain(me.email);
    const paid = await fetch(`${page}/checkout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ customer: link.searchParams.get("customer") ?? "", plan: "yearly" }),
    });
    expect(paid.status).toBe(200);
    expect(await membership(me)).toMatchObject({
      tier: "PREMIUM",
      active: true,
      membershipSource: "Direct Debit (yearly)",
    });
    expect(await fullMember(me)).toBe(true);
  });
});

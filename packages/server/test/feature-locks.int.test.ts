// Locks the SPA draws are enforced by the API (ADR 0020): premium features, the reflection and
// supervision switches, the organisation switches of the managers' screens, and the one trial
// allowance the usage gauge and the entry limit both count.
import { randomUUID } from "node:crypto";
import { FEATURE_MESSAGES, MESSAGES, TRIAL_ENTRY_LIMIT } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { DEFAULT_SETTINGS } from "../src/modules/shell/settings.js";
import { diary, portfolioRequest } from "./factories.js";
import { call, createOrganisation, createUser, randomIp, refusal, type TestUser, useApp } from "./harness.js";

const h = useApp();
const today = todayInLondon();
const as = (u: TestUser, method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
  call(h.app, method, url, { token: u.token, body, ip: randomIp() });

const upgrade = [403, "FEATURE_LOCKED", FEATURE_MESSAGES.upgrade];
const supervisionBody = {
  Field4: "Locks supervision",
  SupervisionDate: today,
  SupervisionRole: "Supervisor",
};
const reflectionBody = { Field4: "Locks reflection", ReflectionDate: today, Field113: "What happened" };
const portfolioBody = (entryId: string) =>
  portfolioRequest({ title: { line1: "Locks", line2: "" }, diaryEntries: [entryId] });

/** Members without feature access: a basic (legacy) member and a trial that has ended. */
const lockedOut = async () => [
  await createUser(h.deps, { tier: "BASIC" }),
  await createUser(h.deps, { tier: "BASIC", trialEnd: addDays(today, -1), createdAt: addDays(today, -92) }),
];

describe("premium features are refused to members without access", () => {
  it("the portfolio builder, supervision entries and the HCPC portal answer the upgrade message", async () => {
    for (const u of await lockedOut()) {
      expect(refusal(await as(u, "POST", "/portfolio/v2/download", portfolioBody(randomUUID())))).toEqual(
        upgrade,
      );
      expect(refusal(await as(u, "GET", `/portfolio/v2/download/${randomUUID()}`))).toEqual(upgrade);
      expect(refusal(await as(u, "GET", "/form/supervision"))).toEqual(upgrade);
      expect(refusal(await as(u, "POST", "/entries/supervision", supervisionBody))).toEqual(upgrade);
      const period = { dateFrom: "2026-01-01", dateTo: "2026-06-30" };
      expect(refusal(await as(u, "POST", "/hcpc-portal/request-access", period))).toEqual(upgrade);
    }
  });

  it("a running trial and a premium member pass", async () => {
    const trial = await createUser(h.deps, { tier: "BASIC", trialEnd: addDays(today, 30) });
    for (const u of [trial, await createUser(h.deps, { tier: "PREMIUM" })]) {
      expect((await as(u, "GET", "/form/supervision")).status).toBe(200);
      expect((await as(u, "POST", "/entries/supervision", supervisionBody)).status).toBe(200);
      const entryId = await diary(h, u);
      expect((await as(u, "POST", "/portfolio/v2/download", portfolioBody(entryId))).status).toBe(200);
    }
  });
});

describe("the reflection and supervision switches hold the pages' calls", () => {
  const saveWidgets = (u: TestUser, widgets: { reflection: boolean; supervision: boolean }) =>
    as(u, "POST", "/settings/dashboard", {
      ...DEFAULT_SETTINGS,
      dashboardWidgets: { ...DEFAULT_SETTINGS.dashboardWidgets, ...widgets },
    });

  it("switched off by the person: the forms, new entries and sharing are refused with the feature message", async () => {
    const u = await createUser(h.deps);
    expect((await saveWidgets(u, { reflection: false, supervision: false })).status).toBe(200);
    const reflectionOff = [403, "FEATURE_LOCKED", FEATURE_MESSAGES.reflectionOff];
    const supervisionOff = [403, "FEATURE_LOCKED", FEATURE_MESSAGES.supervisionOff];
    expect(refusal(await as(u, "GET", "/form/reflection"))).toEqual(reflectionOff);
    expect(refusal(await as(u, "POST", "/entries/reflection", reflectionBody))).toEqual(reflectionOff);
    expect(refusal(await as(u, "GET", "/form/supervision"))).toEqual(supervisionOff);
    expect(refusal(await as(u, "POST", "/entries/supervision", supervisionBody))).toEqual(supervisionOff);
    const share = {
      entryId: randomUUID(),
      reviewee: {
        type: "Supervisee",
        name: "Locks Reviewee",
        email: "locks@test.example",
        number: "020 7946 0000",
        expiry: 7,
      },
      topics: [{ title: "Locks topic" }],
    };
    expect(refusal(await as(u, "POST", "/supervision/share", share))).toEqual(supervisionOff);
    // Diary entries have no switch.
    await diary(h, u);

    expect((await saveWidgets(u, { reflection: true, supervision: true })).status).toBe(200);
    expect((await as(u, "POST", "/entries/reflection", reflectionBody)).status).toBe(200);
    expect((await as(u, "POST", "/entries/supervision", supervisionBody)).status).toBe(200);
  });

  it("switched off by the organisation: its members are refused whatever they saved", async () => {
    const org = await createOrganisation(h.deps, { widgetReflection: false, widgetSupervision: true });
    const member = await createUser(h.deps, { tier: "CORPORATE", organisationId: org.id });
    expect((await saveWidgets(member, { reflection: true, supervision: true })).status).toBe(200);
    expect(refusal(await as(member, "GET", "/form/reflection"))).toEqual([
      403,
      "FEATURE_LOCKED",
      FEATURE_MESSAGES.reflectionOff,
    ]);
    expect((await as(member, "GET", "/form/supervision")).status).toBe(200);
  });
});

describe("organisation switches hold their managers' screens", () => {
  const page = "limit/20/page/1";
  const event = {
    title: "Locks event",
    description: "d",
    happensAt: new Date(Date.now() + 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 90_000_000).toISOString(),
  };
  const managerOf = async (features: Record<string, boolean>) => {
    const org = await createOrganisation(h.deps, { features });
    const manager = await createUser(h.deps, {
      tier: "CORPORATE",
      organisationId: org.id,
      roles: ["User-Basic", "Organisation-Manager"],
    });
    return { org, manager };
  };

  it("off: certificates, shared CPD and events are refused with a message naming the switch", async () => {
    const { org, manager } = await managerOf({});
    const off = (message: string) => [403, "FEATURE_LOCKED", message];
    expect(refusal(await as(manager, "GET", `/organisations/${org.id}/certificates/${page}`))).toEqual(
      off(FEATURE_MESSAGES.certificatesOff),
    );
    expect(refusal(await as(manager, "GET", `/organisations/${org.id}/shared-cpd/${page}`))).toEqual(
      off(FEATURE_MESSAGES.sharedCpdOff),
    );
    expect(refusal(await as(manager, "GET", "/calendar/events/manage"))).toEqual(
      off(FEATURE_MESSAGES.eventsOff),
    );
    expect(refusal(await as(manager, "POST", "/calendar/events", event))).toEqual(
      off(FEATURE_MESSAGES.eventsOff),
    );
    // Administrators manage every organisation, switched or not.
    const admin = await createUser(h.deps, { roles: ["User-Basic", "Admin"] });
    expect((await as(admin, "GET", `/organisations/${org.id}/certificates/${page}`)).status).toBe(200);
    expect((await as(admin, "GET", "/calendar/events/manage")).status).toBe(200);
  });

  it("on: the manager passes", async () => {
    const { org, manager } = await managerOf({
      OrganisationCertificates: true,
      OrganisationSharedCPD: true,
      OrganisationEvents: true,
    });
    expect((await as(manager, "GET", `/organisations/${org.id}/certificates/${page}`)).status).toBe(200);
    expect((await as(manager, "GET", `/organisations/${org.id}/shared-cpd/${page}`)).status).toBe(200);
    expect((await as(manager, "GET", "/calendar/events/manage")).status).toBe(200);
    expect((await as(manager, "POST", "/calendar/events", event)).status).toBe(200);
  });
});

describe("the usage gauge counts what the trial allowance limits", () => {
  it("reflections do not count; the gauge reaches the limit exactly when saving is refused", async () => {
    const trial = await createUser(h.deps, { tier: "BASIC", trialEnd: addDays(today, 30) });
    expect((await as(trial, "POST", "/entries/reflection", reflectionBody)).status).toBe(200);
    for (let i = 0; i < TRIAL_ENTRY_LIMIT; i++) await diary(h, trial);
    const usage = await as(trial, "GET", "/usage");
    expect(usage.body).toMatchObject({ entries: TRIAL_ENTRY_LIMIT, entriesLimit: TRIAL_ENTRY_LIMIT });
    const profile = await as(trial, "GET", "/profile");
    expect(profile.body.trialStatus.trialEntriesUsed).toBe(TRIAL_ENTRY_LIMIT);
    expect(
      refusal(
        await as(trial, "POST", "/entries/diary", {
          Field222: "One too many",
          DiaryDate: today,
          DiaryHours: "1",
          ActivityType: "Other",
          Field116: "Other",
        }),
      ),
    ).toEqual([403, "ENTRY_LIMIT", MESSAGES.entryLimit]);
  });
});

// The shell's first answers come in one call (GET shell/start, ADR 0038) under each query's own key.
import { DEFAULT_DASHBOARD_SETTINGS } from "@cpd/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { fakeApi, withError } from "../../test/fake-api";
import { branding, profile } from "../../test/fixtures";
import { keys, prefetchShellQueries } from "./queries";

const start = {
  profile: profile(),
  features: { SharedCPD: true },
  userFeatures: { SharedCPD: true },
  branding: branding(),

  settings: { ...DEFAULT_DASHBOARD_SETTINGS, lockedByOrganisation: [] },
  scheduledDeletion: { scheduled: false, scheduledDate: null },
  impersonation: { impersonating: false, administrator: null, user: { id: "u1", email: "a@b.c" } },
  supportChat: { token: "t", name: "Ann" },
};

const settle = () => new Promise((r) => setTimeout(r, 20));

afterEach(() => vi.unstubAllGlobals());

describe("prefetchShellQueries", () => {
  it("asks once and fills each of the shell's queries", async () => {
    const api = fakeApi([["GET", /^\/api\/shell\/start$/, () => start]]);
    const qc = createQueryClient();
    prefetchShellQueries(qc);
    await settle();
    expect(api.requests.map((r) => r.url.pathname)).toEqual(["/api/shell/start"]);
    expect(qc.getQueryData(keys.profile)).toEqual(start.profile);
    expect(qc.getQueryData(keys.settings)).toEqual(start.settings);
    expect(qc.getQueryData(keys.scheduledDeletion)).toEqual(start.scheduledDeletion);
    expect(qc.getQueryData(keys.intercom)).toEqual(start.supportChat);
    expect(qc.getQueryData(["auth", "impersonation"])).toEqual(start.impersonation);
  });

  it("asks for the support chat identity itself when the bundle has none", async () => {
    const api = fakeApi([
      ["GET", /^\/api\/shell\/start$/, () => ({ ...start, supportChat: null })],
      ["GET", /^\/api\/user-account\/user\/intercom$/, () => ({ token: "own", name: "Ann" })],
    ]);
    const qc = createQueryClient();
    prefetchShellQueries(qc);
    await settle();
    expect(api.requests).toHaveLength(2);
    expect(qc.getQueryData(keys.intercom)).toEqual({ token: "own", name: "Ann" });
  });

  it("falls back to each query's own call when the bundled call fails", async () => {
    const api = fakeApi([
      ["GET", /^\/api\/shell\/start$/, () => withError(500, "INTERNAL", "Down")],
      ["GET", /^\/api\/profile$/, () => start.profile],
      ["GET", /^\/api\/features$/, () => start.features],
      ["GET", /^\/api\/features\/user$/, () => start.userFeatures],
      ["GET", /^\/api\/branding$/, () => start.branding],
      ["GET", /^\/api\/settings\/dashboard$/, () => start.settings],
      ["GET", /^\/api\/user-account\/me\/scheduled-deletion$/, () => start.scheduledDeletion],
      ["GET", /^\/api\/auth\/impersonation$/, () => start.impersonation],
      ["GET", /^\/api\/user-account\/user\/intercom$/, () => start.supportChat],
    ]);
    const qc = createQueryClient();
    prefetchShellQueries(qc);
    await settle();
    expect(api.to(/^\/api\/shell\/start$/)).toHaveLength(1);
    expect(api.requests).toHaveLength(9);
    expect(qc.getQueryData(keys.profile)).toEqual(start.profile);
    expect(qc.getQueryData(keys.branding)).toEqual(start.branding);
  });
});

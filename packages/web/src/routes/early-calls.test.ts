// The calls a page load starts before its chunks arrive (ADR 0038): the same URLs the queries
// build, answered once from the call in flight.
import { api } from "@cpd/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PERIOD, periodRequest } from "../features/dashboard/dashboard-model";
import { buildUrl, call, startEarlyCall } from "../lib/api-client";
import { session } from "../lib/session";
import { fakeApi } from "../test/fake-api";
import { DASHBOARD_STATISTICS_PATH, SHELL_START_PATH } from "./lazy-pages";

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear("logout");
});

describe("early calls", () => {
  it("are the URLs the shell's and the dashboard's queries ask for", () => {
    expect(buildUrl(api.shellStart.path)).toBe(`/api${SHELL_START_PATH}`);
    const { params, query } = periodRequest({ period: DEFAULT_PERIOD });
    expect(buildUrl(api.statistics.path, params, query)).toBe(`/api${DASHBOARD_STATISTICS_PATH}`);
  });

  it("answer the first call to the same URL, then calls ask afresh", async () => {
    session.login("tok", [], false);
    let n = 0;
    const fake = fakeApi([["GET", /^\/api\/features$/, () => ({ n: ++n })]]);
    startEarlyCall("/features");
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.url.pathname).toBe("/api/features");
    expect(await call(api.features)).toEqual({ n: 1 });
    expect(fake.requests).toHaveLength(1);
    expect(await call(api.features)).toEqual({ n: 2 });
    expect(fake.requests).toHaveLength(2);
  });

  it("start nothing without a session", () => {
    const fake = fakeApi([]);
    startEarlyCall("/features");
    expect(fake.requests).toHaveLength(0);
  });
});

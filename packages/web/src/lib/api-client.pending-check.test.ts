// A write refused while a file it would send out is still being checked for patient identifiers
// (409 IDENTIFIER_CHECK_PENDING) is asked again after a few seconds, not shown at once.
import { api, type BodyOf, IDENTIFIER_FINDING_MESSAGES } from "@cpd/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, withError } from "../test/fake-api";
import { call, PENDING_CHECK_RETRY_MS } from "./api-client";
import { ApiError } from "./api-error";
import { session } from "./session";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.clear("logout");
});

const pending = () => withError(409, "IDENTIFIER_CHECK_PENDING", IDENTIFIER_FINDING_MESSAGES.checking);
const body = { title: { line1: "My portfolio" } } as unknown as BodyOf<typeof api.requestPortfolio>;
const TOTAL_MS = PENDING_CHECK_RETRY_MS.reduce((a, b) => a + b, 0);

/** The fake API refusing the portfolio request `refusals` times, then queueing it. */
function portfolioApi(refusals: number) {
  let n = 0;
  return fakeApi([
    ["POST", /^\/api\/portfolio\/v2\/download$/, () => (n++ < refusals ? pending() : { uuid: "p1" })],
    ["GET", /^\/api\/portfolio\/v2\/download\/p1$/, () => pending()],
  ]);
}

describe("a write refused while a file is still being checked", () => {
  it("is made again, with the same body, and answers once the check is done", async () => {
    session.login("tok", [], false);
    vi.useFakeTimers();
    const fake = portfolioApi(2);
    const answer = call(api.requestPortfolio, { body });
    await vi.advanceTimersByTimeAsync(PENDING_CHECK_RETRY_MS[0] ?? 0);
    expect(fake.to(/download$/, "POST")).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(PENDING_CHECK_RETRY_MS[1] ?? 0);
    await expect(answer).resolves.toMatchObject({ uuid: "p1" });
    const sent = fake.to(/download$/, "POST");
    expect(sent).toHaveLength(3);
    expect(sent.map((r) => r.body)).toEqual([body, body, body]);
  });

  it("shows the server's message once the waits are used up", async () => {
    session.login("tok", [], false);
    vi.useFakeTimers();
    const fake = portfolioApi(Number.POSITIVE_INFINITY);
    const answer = call(api.requestPortfolio, { body }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(TOTAL_MS);
    const err = await answer;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: "IDENTIFIER_CHECK_PENDING" });
    expect((err as ApiError).message).toBe(IDENTIFIER_FINDING_MESSAGES.checking);
    expect(fake.to(/download$/, "POST")).toHaveLength(PENDING_CHECK_RETRY_MS.length + 1);
  });

  it("stops waiting when the caller aborts", async () => {
    session.login("tok", [], false);
    vi.useFakeTimers();
    const fake = portfolioApi(Number.POSITIVE_INFINITY);
    const controller = new AbortController();
    const answer = call(api.requestPortfolio, { body, signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(await answer).toMatchObject({ name: "AbortError" });
    await vi.advanceTimersByTimeAsync(TOTAL_MS);
    expect(fake.to(/download$/, "POST")).toHaveLength(1);
  });

  it("is not asked again for a read", async () => {
    session.login("tok", [], false);
    const fake = portfolioApi(0);
    await expect(call(api.portfolioStatus, { params: { id: "p1" } })).rejects.toMatchObject({
      code: "IDENTIFIER_CHECK_PENDING",
    });
    expect(fake.to(/download\/p1$/)).toHaveLength(1);
  });
});

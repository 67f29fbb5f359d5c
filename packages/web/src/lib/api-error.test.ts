import { describe, expect, it } from "vitest";
import { ApiError, endsSession } from "./api-error";

describe("ApiError", () => {
  it("keeps a code of the contract's enum and drops one it does not know", () => {
    expect(new ApiError("x", { status: 429, code: "TOO_MANY_REQUESTS" }).code).toBe("TOO_MANY_REQUESTS");
    expect(new ApiError("x", { status: 400, code: "FST_ERR_VALIDATION" }).code).toBeUndefined();
  });
});

describe("endsSession", () => {
  it("logs out on a 401 of a session call and on a 500 No user found", () => {
    expect(endsSession(new ApiError("Unauthorized", { status: 401 }))).toBe(true);
    expect(endsSession(new ApiError("No user found", { status: 500 }))).toBe(true);
  });
  it("keeps the session for login failures and other errors", () => {
    expect(endsSession(new ApiError("Bad", { status: 401, authCall: true }))).toBe(false);
    expect(endsSession(new ApiError("Internal Server Error", { status: 500 }))).toBe(false);
    expect(endsSession(new ApiError("Forbidden", { status: 403 }))).toBe(false);
  });
});

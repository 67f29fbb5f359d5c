import { describe, expect, it } from "vitest";
import { ApiError, endsSession, errorMessage, OFFLINE_MESSAGE, UNKNOWN_MESSAGE } from "./api-error";

describe("errorMessage", () => {
  it("asks to check the connection for status 0", () => {
    expect(errorMessage(new ApiError("Failed to fetch", { status: 0 }))).toBe(OFFLINE_MESSAGE);
  });
  it("shows nothing for a 401 on a session call", () => {
    expect(errorMessage(new ApiError("Unauthorized", { status: 401 }))).toBe("");
  });
  it("shows the server message for a 401 on an authentication call", () => {
    const err = new ApiError("The email address or password is incorrect", { status: 401, authCall: true });
    expect(errorMessage(err)).toBe("The email address or password is incorrect");
  });
  it("shows the server message for other statuses", () => {
    expect(errorMessage(new ApiError("First Name must not be empty", { status: 400 }))).toBe(
      "First Name must not be empty",
    );
  });
  it("says Unknown error without a status or for foreign errors", () => {
    expect(errorMessage(new ApiError(""))).toBe(UNKNOWN_MESSAGE);
    expect(errorMessage(new TypeError("x"))).toBe(UNKNOWN_MESSAGE);
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

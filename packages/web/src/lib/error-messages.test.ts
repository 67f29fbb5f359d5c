import { ERROR_CODES, MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { ERROR_MESSAGES, errorMessage, OFFLINE_MESSAGE, UNKNOWN_MESSAGE } from "./error-messages";

const failed = (status: number, code: string | undefined, message: string, more = {}) =>
  new ApiError(message, { status, code, ...more });

describe("errorMessage", () => {
  it("shows the server's message for codes that carry the required exact text", () => {
    const login = failed(401, "INVALID_CREDENTIALS", MESSAGES.invalidCredentials, { authCall: true });
    expect(errorMessage(login)).toBe(MESSAGES.invalidCredentials);
    expect(errorMessage(failed(403, "ENTRY_LIMIT", MESSAGES.entryLimit))).toBe(MESSAGES.entryLimit);
    expect(errorMessage(failed(400, "FIRST_NAME_EMPTY", MESSAGES.firstNameEmpty))).toBe(
      MESSAGES.firstNameEmpty,
    );
  });

  it("shows the SPA's own message for the generic codes, whatever the server said", () => {
    const raw = "Rate limit exceeded, retry in 1 minute";
    expect(errorMessage(failed(429, "TOO_MANY_REQUESTS", raw))).toBe(ERROR_MESSAGES.TOO_MANY_REQUESTS);
    expect(errorMessage(failed(503, "SERVICE_UNAVAILABLE", "pool timeout"))).toBe(
      "The service is busy at the moment. Please try again in a minute.",
    );
    expect(errorMessage(failed(408, "REQUEST_TIMEOUT", "Request Timeout"))).toBe(
      "This took too long and was stopped. Please check your connection and try again.",
    );
    expect(errorMessage(failed(413, "PAYLOAD_TOO_LARGE", "Request body is too large"))).toBe(
      "This is too large to send. A file can be up to 10MB.",
    );
    expect(errorMessage(failed(500, "INTERNAL_ERROR", "Internal Server Error"))).toBe(
      "Something went wrong on our side. Please try again later.",
    );
  });

  it("names the wait when a 429 says how long (Retry-After)", () => {
    expect(errorMessage(failed(429, "TOO_MANY_REQUESTS", "x", { retryAfterSeconds: 900 }))).toBe(
      "Too many attempts. Please try again in 15 minutes.",
    );
    expect(errorMessage(failed(429, "TOO_MANY_REQUESTS", "x", { retryAfterSeconds: 30 }))).toBe(
      "Too many attempts. Please try again in a minute.",
    );
  });

  it("asks to check the connection when the request got no answer", () => {
    expect(errorMessage(new ApiError("Failed to fetch", { status: 0 }))).toBe(OFFLINE_MESSAGE);
  });

  it("says what kind of failure a proxy's page without an envelope was", () => {
    expect(errorMessage(failed(502, undefined, "Bad Gateway"))).toBe(ERROR_MESSAGES.SERVICE_UNAVAILABLE);
    expect(errorMessage(failed(500, undefined, "<html>"))).toBe(ERROR_MESSAGES.INTERNAL_ERROR);
  });

  it("shows nothing for a 401 on a session call (the session ends instead)", () => {
    expect(errorMessage(failed(401, "UNAUTHORIZED", "Unauthorized"))).toBe("");
  });

  it("says Unknown error without a status or for foreign errors", () => {
    expect(errorMessage(new ApiError(""))).toBe(UNKNOWN_MESSAGE);
    expect(errorMessage(new TypeError("x"))).toBe(UNKNOWN_MESSAGE);
  });
});

describe("ERROR_MESSAGES", () => {
  it("maps only codes of the contract, each to a sentence", () => {
    for (const [code, message] of Object.entries(ERROR_MESSAGES)) {
      expect(ERROR_CODES).toContain(code);
      expect(message).toMatch(/^[A-Z].*\.$/);
    }
  });
});

import { describe, expect, it } from "vitest";
import { loginSuccessMessage } from "./login-messages";

describe("loginSuccessMessage", () => {
  it("prefers the message passed in navigation state", () => {
    expect(loginSuccessMessage(new URLSearchParams("success=password-reset"), { message: "Done" })).toBe(
      "Done",
    );
  });
  it("maps known query flags, including the change-of-email flag", () => {
    expect(loginSuccessMessage(new URLSearchParams("success=password-reset"), null)).toMatch(
      /password has been reset/,
    );
    expect(loginSuccessMessage(new URLSearchParams("emailChanged=true"), null)).toMatch(
      /email address has been changed/,
    );
  });
  it("never shows free text from the URL", () => {
    expect(loginSuccessMessage(new URLSearchParams("success=Your+account+is+locked"), null)).toBe("");
  });
});

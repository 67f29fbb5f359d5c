import { LIFECYCLE_MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { loginSuccessMessage } from "./login-messages";
import { signOnErrorMessage } from "./sign-on-errors";

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

describe("signOnErrorMessage", () => {
  it("maps single sign-on's codes to the contract's messages, anything else to a plain failure", () => {
    expect(signOnErrorMessage("SSO_NOT_CONFIGURED")).toBe(LIFECYCLE_MESSAGES.ssoNotConfigured);
    expect(signOnErrorMessage("SSO_OTHER_ORGANISATION")).toBe(LIFECYCLE_MESSAGES.ssoOtherOrganisation);
    expect(signOnErrorMessage("Your account is locked")).toBe(LIFECYCLE_MESSAGES.ssoFailed);
  });
});

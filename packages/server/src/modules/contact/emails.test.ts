import { describe, expect, it } from "vitest";
import { matchesSnapshot } from "../../lib/email/match-snapshot.js";
import {
  alternativeEmailCodeEmail,
  emailChangedNotice,
  emailChangeLinkEmail,
  mobileCodeSms,
} from "./emails.js";

describe("contact e-mails", () => {
  it("alternative address code", async () => {
    await matchesSnapshot(
      "alternative-email-code",
      alternativeEmailCodeEmail("ann.alt@example.com", "Ann", "012345"),
    );
    expect(mobileCodeSms("012345")).toBe("Your CPD verification code is 012345. It expires in 15 minutes.");
  });

  it("confirm a change of address", async () => {
    await matchesSnapshot(
      "email-change-link",
      emailChangeLinkEmail(
        "ann.new@example.com",
        null,
        "https://cpd.example/v2/auth/confirm-email-change/T0KEN",
      ),
    );
  });

  it("address changed, to the old address", async () => {
    await matchesSnapshot(
      "email-changed-notice",
      emailChangedNotice("ann@example.com", "Ann", "ann.new@example.com", new Date("2027-07-01T09:05:00Z")),
    );
  });
});

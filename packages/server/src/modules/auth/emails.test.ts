import { describe, it } from "vitest";
import { matchesSnapshot } from "../../lib/email/match-snapshot.js";
import { passwordResetEmail } from "./emails.js";

describe("auth e-mails", () => {
  it("password reset", async () => {
    await matchesSnapshot(
      "password-reset",
      passwordResetEmail("ann@example.com", "Ann", "https://cpd.example/reset-password/T0KEN"),
    );
  });
});

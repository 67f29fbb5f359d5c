import { describe, it } from "vitest";
import { matchesSnapshot } from "../../lib/email/match-snapshot.js";
import { alreadyRegisteredEmail, confirmationEmail, onboardingEmail } from "./emails.js";

describe("registration e-mails", () => {
  it("confirm the address", async () => {
    await matchesSnapshot(
      "confirm-email",
      confirmationEmail("ann@example.com", "Ann", "https://cpd.example/v2/auth/confirm-email/T0KEN"),
    );
  });

  it("someone tried to register with the address", async () => {
    await matchesSnapshot(
      "already-registered",
      alreadyRegisteredEmail("ann@example.com", "Ann", "https://cpd.example"),
    );
  });

  it("onboarding by an organisation, named or not", async () => {
    const link = "https://cpd.example/v2/auth/onboard/T0KEN";
    await matchesSnapshot("onboarding", onboardingEmail("ann@example.com", "Ann", "St Mary's & Co", link));
    await matchesSnapshot("onboarding-no-organisation", onboardingEmail("ann@example.com", "", null, link));
  });
});

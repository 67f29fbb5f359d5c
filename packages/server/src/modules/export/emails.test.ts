import { describe, it } from "vitest";
import { matchesSnapshot } from "../../lib/email/match-snapshot.js";
import { exportReadyEmail } from "./emails.js";

describe("export e-mails", () => {
  it("export ready", async () => {
    await matchesSnapshot(
      "export-ready",
      exportReadyEmail("ann@example.com", "Ann", "https://cpd.example/account-management", "08/03/2027"),
    );
  });
});

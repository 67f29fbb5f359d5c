import { describe, it } from "vitest";
import { matchesSnapshot } from "../../lib/email/match-snapshot.js";
import { hcpcAccessEmail } from "./emails.js";

describe("HCPC portal e-mails", () => {
  it("audit portal link", async () => {
    await matchesSnapshot(
      "hcpc-access",
      hcpcAccessEmail("ann@example.com", "Ann", "https://cpd.example/hcpc-portal/access/T0KEN", {
        dateFrom: "2025-03-01",
        dateTo: "2027-02-28",
      }),
    );
  });
});

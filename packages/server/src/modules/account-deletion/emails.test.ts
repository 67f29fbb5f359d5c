import { describe, it } from "vitest";
import { matchesSnapshot } from "../../lib/email/match-snapshot.js";
import { deletionScheduledEmail, deletionWarningEmail, reminderEmail } from "./emails.js";

const publicUrl = "https://cpd.example";

describe("account lifecycle e-mails", () => {
  it("deletion scheduled", async () => {
    await matchesSnapshot(
      "deletion-scheduled",
      deletionScheduledEmail("ann@example.com", "Ann", "2027-03-11", publicUrl),
    );
  });

  it("deletion warnings, one per cause", async () => {
    for (const cause of ["trial", "membership", "legacy"] as const) {
      await matchesSnapshot(
        `deletion-warning-${cause}`,
        deletionWarningEmail({
          to: "ann@example.com",
          firstName: "Ann",
          cause,
          deletesOn: "2027-04-10",
          publicUrl,
        }),
      );
    }
  });

  it("CPD reminder, titled or not", async () => {
    const f = { to: "ann@example.com", firstName: "Ann", entryId: "e1", entryType: "diary", publicUrl };
    await matchesSnapshot("reminder", reminderEmail({ ...f, title: "Renew ALS <advanced>" }));
    await matchesSnapshot("reminder-untitled", reminderEmail({ ...f, firstName: null, title: "" }));
  });
});

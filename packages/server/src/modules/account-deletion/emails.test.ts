import { describe, expect, it } from "vitest";
import { matchesSnapshot } from "../../lib/email/match-snapshot.js";
import {
  deletionScheduledEmail,
  deletionWarningEmail,
  documentExpiryEmail,
  reminderEmail,
  revalidationDeadlineEmail,
  shortfallLine,
} from "./emails.js";

const publicUrl = "https://cpd.example";
/** The recipient every notice below goes to. */
const ann = { to: "ann@example.com", firstName: "Ann", publicUrl };

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
        deletionWarningEmail({ ...ann, cause, deletesOn: "2027-04-10" }),
      );
    }
  });

  it("CPD reminder, titled or not", async () => {
    const f = { ...ann, entryId: "e1", entryType: "diary" };
    await matchesSnapshot("reminder", reminderEmail({ ...f, title: "Renew ALS <advanced>" }));
    await matchesSnapshot("reminder-untitled", reminderEmail({ ...f, firstName: null, title: "" }));
  });

  it("identity document expiring", async () => {
    await matchesSnapshot(
      "document-expiry",
      documentExpiryEmail({ ...ann, name: "Passport <UK>", expiresOn: "2027-04-10" }),
    );
  });

  it("revalidation deadline, naming what is short", async () => {
    await matchesSnapshot(
      "revalidation-deadline",
      revalidationDeadlineEmail({
        ...ann,
        regulator: "NMC",
        regulatorName: "Nursing and Midwifery Council",
        registrationNumber: "12A3456E",
        deadline: "2027-06-30",
        daysToDeadline: 30,
        short: [
          { title: "CPD hours", metric: "cpdHours", target: 35, done: 22.5, missing: [] },
          { title: "Practice-related feedback", metric: "feedback", target: 5, done: 2, missing: [] },
          {
            title: "The Code's themes",
            metric: "themesCovered",
            target: 4,
            done: 2,
            missing: ["Prioritise people", "Promote professionalism and trust"],
          },
        ],
      }),
    );
  });

  it("names one hour in the singular and rounds to two places", () => {
    const r = { title: "Participatory hours", metric: "participatoryHours", missing: [] };
    expect(shortfallLine({ ...r, target: 20, done: 19 })).toBe(
      "Participatory hours: 1 hour to go (19 of 20)",
    );
    expect(shortfallLine({ ...r, target: 20, done: 19.333 })).toBe(
      "Participatory hours: 0.67 hours to go (19.33 of 20)",
    );
  });
});

import { describe, it } from "vitest";
import { matchesSnapshot } from "../../lib/email/match-snapshot.js";
import { entryReceiptEmail } from "./emails.js";

const facts = {
  to: "ann@example.com",
  firstName: "Ann",
  entryId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  publicUrl: "https://cpd.example",
  // 10:30 in London (summer time).
  savedAt: "2026-06-30T09:30:00.000Z",
};

describe("entry e-mails", () => {
  it("receipt of a diary entry", async () => {
    await matchesSnapshot(
      "entry-receipt",
      entryReceiptEmail({
        ...facts,
        type: "diary",
        title: "Sepsis <screening> & escalation",
        date: "2026-06-29",
        hours: 1.25,
      }),
    );
  });

  it("receipt of an untitled supervision record without date or hours", async () => {
    await matchesSnapshot(
      "entry-receipt-untitled",
      entryReceiptEmail({
        ...facts,
        firstName: null,
        type: "supervision",
        title: " ",
        date: null,
        hours: null,
      }),
    );
  });
});

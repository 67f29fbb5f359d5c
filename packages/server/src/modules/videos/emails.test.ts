import { describe, expect, it } from "vitest";
import { matchesSnapshot } from "../../lib/email/match-snapshot.js";
import { certificateEmail } from "./issue.js";

describe("video e-mails", () => {
  it("certificate, with the PDF attached", async () => {
    const pdf = Buffer.from("%PDF-1.7");
    const mail = certificateEmail({
      email: "ann@example.com",
      firstName: "Ann",
      videoName: "Sepsis & the deteriorating patient",
      filename: "certificate.pdf",
      pdf,
    });
    await matchesSnapshot("certificate", mail);
    expect(mail.attachments).toEqual([
      { filename: "certificate.pdf", content: pdf, contentType: "application/pdf" },
    ]);
  });
});

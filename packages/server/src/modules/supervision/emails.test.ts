import { londonDateTime } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { matchesSnapshot } from "../../lib/email/match-snapshot.js";
import { codeEmail, codeSms, completedEmail, sharedEmail, signedEmail } from "./emails.js";

describe("supervision e-mails", () => {
  it("shows times on London's clock", () => {
    expect(londonDateTime(new Date("2026-07-01T09:05:00Z"))).toBe("01/07/2026 10:05");
    expect(londonDateTime(new Date("2026-12-01T09:05:00Z"))).toBe("01/12/2026 09:05");
  });

  it("invites the reviewee with the link and the expiry, escaping names", () => {
    const mail = sharedEmail({
      to: "rae@nhs.example",
      revieweeName: "Rae <script>",
      ownerName: "Olive & Co",
      link: "https://cpd.example/review/supervision/s1",
      expiresAt: new Date("2026-09-08T09:00:00Z"),
      bySms: true,
    });
    expect(mail.subject).toBe("Olive & Co shared a supervision record with you");
    expect(mail.text).toContain("https://cpd.example/review/supervision/s1");
    expect(mail.text).toContain("08/09/2026 10:00");
    expect(mail.text).toContain("by text to your mobile");
    expect(mail.html).toContain("Rae &lt;script&gt;");
    expect(mail.html).not.toContain("<script>");
  });

  it("tells the other party of a signature, and both of completion with the hash", () => {
    const signed = signedEmail({ to: "o@x.example", signerName: "Rae", side: "Supervisee", link: "L" });
    expect(signed.subject).toBe("Rae has signed the supervision record as Supervisee");
    const done = completedEmail({
      to: "o@x.example",
      signers: [{ side: "Supervisor", name: "Olive", at: new Date("2026-09-01T10:00:00Z") }],
      hash: "ab".repeat(32),
      link: "https://cpd.example/verify/supervision/s1?hash=abab",
    });
    expect(done.subject).toBe("Supervision record completed");
    expect(done.text).toContain(`SHA-256 of the signed record: ${"ab".repeat(32)}`);
    expect(done.text).toContain("Supervisor: Olive, signed 01/09/2026 11:00");
  });

  it("sends the code by e-mail and text", () => {
    expect(codeEmail("r@x.example", "012345")).toMatchObject({ subject: "Your supervision review code" });
    expect(codeEmail("r@x.example", "012345").text).toContain("012345");
    expect(codeSms("012345")).toBe("Your CPD supervision review code is 012345. It expires in 10 minutes.");
  });

  it("renders each e-mail as in its snapshot", async () => {
    const shared = {
      to: "rae@nhs.example",
      revieweeName: "Rae",
      ownerName: "Olive Owner",
      link: "https://cpd.example/review/supervision/s1",
      expiresAt: new Date("2027-09-08T09:00:00Z"),
    };
    await matchesSnapshot("supervision-shared", sharedEmail({ ...shared, bySms: false }));
    await matchesSnapshot("supervision-shared-sms", sharedEmail({ ...shared, ownerName: "", bySms: true }));
    await matchesSnapshot(
      "supervision-signed",
      signedEmail({
        to: "olive@x.example",
        signerName: "Rae",
        side: "Supervisor",
        link: "https://cpd.example/edit/supervision/e1",
      }),
    );
    await matchesSnapshot(
      "supervision-completed",
      completedEmail({
        to: "olive@x.example",
        signers: [
          { side: "Supervisee", name: "Olive Owner", at: new Date("2027-09-01T10:00:00Z") },
          { side: "Supervisor", name: "Rae", at: new Date("2027-09-02T15:30:00Z") },
        ],
        hash: "ab".repeat(32),
        link: `https://cpd.example/verify/supervision/s1?hash=${"ab".repeat(32)}`,
      }),
    );
    await matchesSnapshot("supervision-code", codeEmail("rae@nhs.example", "012345"));
  });
});

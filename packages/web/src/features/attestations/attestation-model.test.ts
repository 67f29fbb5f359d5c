import { ATTESTATION, ATTESTATION_MESSAGES, CONFIRMATION_STATEMENT } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error";
import {
  detailRows,
  isOpen,
  kindsFor,
  kindTitle,
  linkProblem,
  nextReminderAt,
  type RequestDraft,
  requestErrors,
  type SignerDraft,
  signerErrors,
  toSignerDetails,
} from "./attestation-model";
import { signerDetails } from "./test-data";

const request = (over: Partial<RequestDraft> = {}): RequestDraft => ({
  kind: "nmcReflectiveDiscussion",
  name: "Sam Colleague",
  email: "sam@nhs.net",
  mobile: "",
  recordIds: ["r1"],
  entryIds: [],
  ...over,
});

const signer = (over: Partial<SignerDraft> = {}): SignerDraft => ({
  ...signerDetails,
  confirmed: false,
  ...over,
});

describe("attestation rules", () => {
  it("offers the kinds of the registration's regulator only", () => {
    expect(kindsFor("NMC")).toEqual(["nmcReflectiveDiscussion", "nmcConfirmation"]);
    expect(kindsFor("GPhC")).toEqual(["gphcPeerDiscussion"]);
    expect(kindsFor("HCPC")).toEqual([]);
  });

  it("lets only a sent or opened request be withdrawn or chased, a reminder once a day", () => {
    expect(["sent", "opened"].every((state) => isOpen({ state: state as "sent" }))).toBe(true);
    for (const state of ["signed", "declined", "expired", "withdrawn"] as const)
      expect(isOpen({ state })).toBe(false);
    const last = "2026-07-01T09:00:00.000Z";
    const day = ATTESTATION.reminderHours * 3_600_000;
    expect(nextReminderAt({ lastReminderAt: null }, Date.parse(last))).toBeNull();
    expect(nextReminderAt({ lastReminderAt: last }, Date.parse(last) + day - 1)).toBe(Date.parse(last) + day);
    expect(nextReminderAt({ lastReminderAt: last }, Date.parse(last) + day)).toBeNull();
  });

  it("checks a request: kind, name, e-mail, a UK mobile if any, and 1 to 20 records", () => {
    expect(requestErrors(request())).toEqual({});
    expect(requestErrors(request({ mobile: "07700 900123" }))).toEqual({});
    expect(
      requestErrors(request({ kind: null, name: " ", email: "sam", mobile: "0123", recordIds: [] })),
    ).toEqual({
      kind: "Choose what you are asking for",
      name: ATTESTATION_MESSAGES.nameRequired,
      email: "Enter an e-mail address like name@example.com",
      mobile: ATTESTATION_MESSAGES.mobileInvalid,
      covered: ATTESTATION_MESSAGES.noRecords,
    });
    const many = Array.from({ length: ATTESTATION.maxRecords }, (_, i) => `r${i}`);
    expect(requestErrors(request({ recordIds: many }))).toEqual({});
    expect(requestErrors(request({ recordIds: many, entryIds: ["e1"] })).covered).toMatch(/at most 20/);
  });

  it("checks the attester's form, a date not in the future and a confirmer's statement", () => {
    expect(signerErrors(signer(), "2026-07-01", null)).toEqual({});
    expect(signerErrors(signer({ date: "2026-07-02" }), "2026-07-01", null)).toEqual({
      date: ATTESTATION_MESSAGES.dateInFuture,
    });
    expect(signerErrors(signer({ postcode: "AB1-2CD", address: "" }), "2026-07-01", null)).toEqual({
      postcode: "Enter a postcode, letters and digits",
      address: "Enter your professional address",
    });
    expect(signerErrors(signer(), "2026-07-01", CONFIRMATION_STATEMENT)).toEqual({
      confirmed: ATTESTATION_MESSAGES.statementRequired,
    });
    expect(toSignerDetails(signer({ name: " Sam " }), CONFIRMATION_STATEMENT)).toMatchObject({
      name: "Sam",
      statement: CONFIRMATION_STATEMENT,
    });
    expect(toSignerDetails(signer(), null).statement).toBeNull();
  });

  it("names record details with the regulator's questions, in its form's order, then the others", () => {
    expect(
      detailRows(
        "reflectiveAccount",
        { otherNote: "d", codeRelevance: "c", learned: "b", nature: "a" },
        "NMC",
      ),
    ).toEqual([
      [expect.stringMatching(/^What was the nature of the CPD activity/), "a"],
      [expect.stringMatching(/^What did you learn/), "b"],
      ["How is this relevant to the Code?", "c"],
      ["Other note", "d"],
    ]);
    // A regulator without its own wording: the record form's labels.
    expect(detailRows("practiceHours", { scope: "Adult nursing" }, "HCPC")).toEqual([
      ["Scope of practice", "Adult nursing"],
    ]);
    expect(kindTitle("reflectiveAccount")).toBe("Reflective account");
  });

  it("turns the link's refusals into what the attester reads", () => {
    const err = (status: number, message = "") => new ApiError(message, { status });
    expect(linkProblem(err(404))).toBe(ATTESTATION_MESSAGES.linkInvalid);
    expect(linkProblem(err(410))).toBe(ATTESTATION_MESSAGES.linkExpired);
    expect(linkProblem(err(403))).toBe(ATTESTATION_MESSAGES.locked);
    expect(linkProblem(err(409, ATTESTATION_MESSAGES.alreadySigned))).toBe(
      ATTESTATION_MESSAGES.alreadySigned,
    );
    expect(linkProblem(err(400))).toBeNull();
    expect(linkProblem(new Error("x"))).toBeNull();
  });
});

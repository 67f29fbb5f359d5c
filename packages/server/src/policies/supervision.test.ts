import { SUPERVISION_MESSAGES as M } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import {
  editRefusal,
  guestEntryRefusal,
  type RecordFacts,
  readRefusal,
  signRefusal,
  toggleRefusal,
  topicEditRefusal,
} from "./supervision.js";

const open: RecordFacts = { status: "shared", locked: false, signed: [] };
const supervisorOwner = { kind: "owner", side: "Supervisor" } as const;
const superviseeGuest = { kind: "reviewee", side: "Supervisee" } as const;
const supervisorGuest = { kind: "reviewee", side: "Supervisor" } as const;
const refusal = (e: Error | null) =>
  e && {
    status: (e as { statusCode?: number }).statusCode,
    code: (e as { code?: string }).code,
    message: e.message,
  };
/** `e` is the refusal with this status, code and message. */
const expectRefusal = (e: Error | null, status: number, code: string, message: string) =>
  expect(refusal(e)).toEqual({ status, code, message });

describe("supervision policy", () => {
  it("lets either party comment until the first signature, never once expired or completed", () => {
    expect(editRefusal(open)).toBeNull();
    expect(editRefusal({ ...open, status: "locked" })).toBeNull();
    expectRefusal(
      editRefusal({ ...open, locked: true, signed: ["Supervisor"] }),
      409,
      "ENTRY_LOCKED",
      M.signedLocked,
    );
    expect(refusal(editRefusal({ ...open, status: "completed" }))).toMatchObject({
      message: M.completedLocked,
    });
    expect(refusal(editRefusal({ ...open, status: "expired" }))).toMatchObject({
      status: 410,
      code: "LINK_EXPIRED",
    });
  });

  it("lets only the Supervisor side tick topics, whichever party holds it", () => {
    expect(toggleRefusal(supervisorOwner, open)).toBeNull();
    expect(toggleRefusal(supervisorGuest, open)).toBeNull();
    expectRefusal(toggleRefusal(superviseeGuest, open), 403, "REVIEWER_ONLY", M.reviewerOnly);
    expect(refusal(toggleRefusal(supervisorOwner, { ...open, locked: true }))).toMatchObject({
      code: "ENTRY_LOCKED",
    });
  });

  it("signs the Supervisor first, then the Supervisee, each once", () => {
    expect(signRefusal(supervisorOwner, open)).toBeNull();
    expectRefusal(signRefusal(superviseeGuest, open), 409, "SIGN_ORDER", M.waitSupervisor);
    const half: RecordFacts = { ...open, locked: true, signed: ["Supervisor"] };
    expect(signRefusal(superviseeGuest, half)).toBeNull();
    expect(refusal(signRefusal(supervisorOwner, half))).toMatchObject({ code: "ALREADY_SIGNED" });
    expect(refusal(signRefusal(superviseeGuest, { ...half, status: "completed" }))).toMatchObject({
      code: "ENTRY_LOCKED",
      message: M.completedLocked,
    });
    expect(refusal(signRefusal(supervisorOwner, { ...open, status: "expired" }))).toMatchObject({
      status: 410,
    });
    // A share locked by wrong codes still lets its existing sessions sign.
    expect(signRefusal(supervisorOwner, { ...open, status: "locked" })).toBeNull();
  });

  it("lets the owner read an expired share, not the reviewee", () => {
    expect(readRefusal(supervisorOwner, { status: "expired" })).toBeNull();
    expect(refusal(readRefusal(superviseeGuest, { status: "expired" }))).toMatchObject({ status: 410 });
    expect(readRefusal(superviseeGuest, { status: "completed" })).toBeNull();
  });

  it("lets only the owner change topics, and only until the first signature (ADR 0022)", () => {
    expect(topicEditRefusal(supervisorOwner, open)).toBeNull();
    expectRefusal(topicEditRefusal(superviseeGuest, open), 403, "OWNER_ONLY", M.topicsOwnerOnly);
    expectRefusal(
      topicEditRefusal(supervisorOwner, { ...open, locked: true, signed: ["Supervisor"] }),
      409,
      "ENTRY_LOCKED",
      M.signedLocked,
    );
  });

  it("opens only the shared entry to its guest token", () => {
    expect(guestEntryRefusal({ entryId: "a" }, "a")).toBeNull();
    expect(refusal(guestEntryRefusal({ entryId: "a" }, "b"))).toMatchObject({ status: 404 });
  });
});

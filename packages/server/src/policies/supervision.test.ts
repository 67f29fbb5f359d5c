import { SUPERVISION_MESSAGES as M } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { editRefusal, type RecordFacts, readRefusal, signRefusal, toggleRefusal } from "./supervision.js";

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

describe("supervision policy", () => {
  it("lets either party comment until the first signature, never once expired or completed", () => {
    expect(editRefusal(open)).toBeNull();
    expect(editRefusal({ ...open, status: "locked" })).toBeNull();
    expect(refusal(editRefusal({ ...open, locked: true, signed: ["Supervisor"] }))).toEqual({
      status: 409,
      code: "ENTRY_LOCKED",
      message: M.signedLocked,
    });
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
    expect(refusal(toggleRefusal(superviseeGuest, open))).toEqual({
      status: 403,
      code: "REVIEWER_ONLY",
      message: M.reviewerOnly,
    });
    expect(refusal(toggleRefusal(supervisorOwner, { ...open, locked: true }))).toMatchObject({
      code: "ENTRY_LOCKED",
    });
  });

  it("signs the Supervisor first, then the Supervisee, each once", () => {
    expect(signRefusal(supervisorOwner, open)).toBeNull();
    expect(refusal(signRefusal(superviseeGuest, open))).toEqual({
      status: 409,
      code: "SIGN_ORDER",
      message: M.waitSupervisor,
    });
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
});

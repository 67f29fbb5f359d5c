import { ATTESTATION_STATES, type AttestationState } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.js";
import * as attestations from "./attestations.js";
import type { Caller } from "./caller.js";

// The roles of the authorisation matrix: the professional's calls depend only on the roles.
const caller = (roles: string[], impersonatedBy?: string): Caller => ({ id: "u", roles, impersonatedBy });
const ROLES = {
  trial: caller(["User-Basic"]),
  basic: caller(["User-Basic"]),
  premium: caller(["User-Basic"]),
  corporate: caller(["User-Basic"]),
  managerSame: caller(["User-Basic", "Organisation-Manager"]),
  managerOther: caller(["User-Basic", "Organisation-Manager"]),
  admin: caller(["User-Basic", "Admin"]),
  noRole: caller([]),
  impersonated: caller(["User-Basic"], "admin-id"),
};
type Role = keyof typeof ROLES;

/** "allowed", or the status and code of the AppError the policy throws. */
const outcome = (f: () => unknown) =>
  Promise.resolve()
    .then(f)
    .then(
      () => "allowed",
      (err: unknown) => (err instanceof AppError ? `${err.statusCode} ${err.code}` : Promise.reject(err)),
    );

const deps = {} as never;

describe("attestation policies per role", () => {
  // Every role may, but a caller with no role and an administrator acting as the user.
  const refused: Partial<Record<Role, string>> = {
    noRole: "403 ROLE_REQUIRED",
    impersonated: "403 IMPERSONATING",
  };
  const expected = (Object.keys(ROLES) as Role[]).map((role) => [role, refused[role] ?? "allowed"] as const);
  it.each(expected)("%s asks, reminds, withdraws: %s", async (role, want) => {
    expect(await outcome(() => attestations.request(ROLES[role], deps))).toBe(want);
  });
  it.each(Object.keys(ROLES) as Role[])("%s reads their own list", async (role) => {
    expect(await outcome(() => attestations.read(ROLES[role], deps))).toBe("allowed");
  });
});

describe("what the attester may do in each state", () => {
  const code = (e: AppError | null) => (e ? `${e.statusCode} ${e.code}` : "allowed");
  const table: Record<AttestationState, [read: string, act: string, owner: string]> = {
    sent: ["allowed", "allowed", "allowed"],
    opened: ["allowed", "allowed", "allowed"],
    signed: ["allowed", "409 ATTESTATION_CLOSED", "409 ATTESTATION_CLOSED"],
    declined: ["allowed", "409 ATTESTATION_CLOSED", "409 ATTESTATION_CLOSED"],
    expired: ["410 LINK_EXPIRED", "410 LINK_EXPIRED", "409 ATTESTATION_CLOSED"],
    withdrawn: ["401 UNAUTHORIZED", "401 UNAUTHORIZED", "409 ATTESTATION_CLOSED"],
  };
  it("covers every state", () => {
    expect(Object.keys(table).sort()).toEqual([...ATTESTATION_STATES].sort());
  });
  it.each(Object.entries(table) as [AttestationState, [string, string, string]][])(
    "%s: read, sign or decline, withdraw or remind",
    (state, [read, act, owner]) => {
      expect(code(attestations.attesterReadRefusal(state))).toBe(read);
      expect(code(attestations.attesterActRefusal(state))).toBe(act);
      expect(code(attestations.ownerChangeRefusal(state))).toBe(owner);
    },
  );
});

describe("the appointed confirmers' confirmations (REQ-ATTEST-09)", () => {
  const manager = ["User-Basic", "Organisation-Manager"];
  const on = (organisationId: number) => ({ params: { id: organisationId }, query: {} });
  const cases: [string, Caller, string][] = [
    ["the organisation's manager", { id: "m", roles: manager, organisationId: 7 }, "allowed"],
    [
      "another organisation's manager",
      { id: "m", roles: manager, organisationId: 8 },
      "404 ORGANISATION_NOT_FOUND",
    ],
    [
      "a manager of no organisation",
      { id: "m", roles: manager, organisationId: null },
      "404 ORGANISATION_NOT_FOUND",
    ],
    ["a member", { id: "u", roles: ["User-Basic"], organisationId: 7 }, "403 MANAGER_REQUIRED"],
    [
      "an administrator",
      { id: "a", roles: ["User-Basic", "Admin"], organisationId: 7 },
      "403 MANAGER_REQUIRED",
    ],
    [
      "someone impersonating the manager",
      { id: "m", roles: manager, organisationId: 7, impersonatedBy: "admin-id" },
      "403 IMPERSONATING",
    ],
  ];
  it.each(cases)("%s", async (_who, c, want) => {
    expect(await outcome(() => attestations.readAppointedConfirmations(c, deps, on(7)))).toBe(want);
  });
});

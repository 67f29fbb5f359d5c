import { RESILIENCE_GOVERNING_BODY } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.js";
import type { Caller } from "./caller.js";
import * as organisations from "./organisations.js";

const ORG = 7;
const OTHER = 8;
const caller = (roles: string[], organisationId: number | null): Caller => ({
  id: "u",
  roles,
  organisationId,
});
const ROLES = {
  basic: caller(["User-Basic"], null),
  corporate: caller(["User-Basic"], ORG),
  managerSame: caller(["User-Basic", "Organisation-Manager"], ORG),
  managerOther: caller(["User-Basic", "Organisation-Manager"], OTHER),
  managerWithout: caller(["User-Basic", "Organisation-Manager"], null),
  admin: caller(["User-Basic", "Admin"], null),
  adminOrganisations: caller(["Admin-Organisations"], null),
  adminMemberships: caller(["Admin-Memberships"], null),
};
type Role = keyof typeof ROLES;

function outcome(f: () => unknown): string {
  try {
    f();
    return "allowed";
  } catch (err) {
    if (err instanceof AppError) return `${err.statusCode} ${err.code}`;
    throw err;
  }
}
const deps = {} as never;

describe("organisation policies per role", () => {
  const expected: Record<Role, [string, string]> = {
    basic: ["403 MANAGER_REQUIRED", "404 ORGANISATION_NOT_FOUND"],
    corporate: ["403 MANAGER_REQUIRED", "404 ORGANISATION_NOT_FOUND"],
    managerSame: ["allowed", "allowed"],
    managerOther: ["allowed", "404 ORGANISATION_NOT_FOUND"],
    managerWithout: ["allowed", "404 ORGANISATION_NOT_FOUND"],
    admin: ["allowed", "allowed"],
    adminOrganisations: ["allowed", "allowed"],
    adminMemberships: ["403 MANAGER_REQUIRED", "404 ORGANISATION_NOT_FOUND"],
  };
  it.each(Object.entries(expected) as [Role, [string, string]][])(
    "%s: the manager calls' policy, then organisation 7",
    (role, [policy, organisation]) => {
      const c = ROLES[role];
      expect(outcome(() => organisations.managerOrAdmin(c, deps))).toBe(policy);
      expect(outcome(() => organisations.requireOrganisation(c, ORG))).toBe(organisation);
    },
  );
});

describe("admin screens per role", () => {
  it("Admin opens every screen; a finer role only its own", () => {
    const screens = [
      "overview",
      "sharedCpd",
      "activityLog",
      "organisations",
      "certificates",
      "memberships",
    ] as const;
    for (const screen of screens) {
      expect(outcome(() => organisations.adminScreen(screen)(ROLES.admin, deps))).toBe("allowed");
      expect(outcome(() => organisations.adminScreen(screen)(ROLES.managerSame, deps))).toBe(
        "403 ADMIN_REQUIRED",
      );
      expect(outcome(() => organisations.adminScreen(screen)(ROLES.adminMemberships, deps))).toBe(
        screen === "memberships" ? "allowed" : "403 ADMIN_REQUIRED",
      );
    }
  });
});

describe("analytics", () => {
  it("resilience organisations' managers and every administrator", () => {
    expect(organisations.mayViewAnalytics(ROLES.managerSame, RESILIENCE_GOVERNING_BODY)).toBe(true);
    expect(organisations.mayViewAnalytics(ROLES.managerSame, null)).toBe(false);
    expect(organisations.mayViewAnalytics(ROLES.admin, null)).toBe(true);
  });
});

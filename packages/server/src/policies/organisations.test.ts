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

describe("the policy of calls under /organisation/:id, per role", () => {
  const expected: Record<Role, [string, string]> = {
    basic: ["403 MANAGER_REQUIRED", "403 MANAGER_REQUIRED"],
    corporate: ["403 MANAGER_REQUIRED", "403 MANAGER_REQUIRED"],
    managerSame: ["allowed", "404 ORGANISATION_NOT_FOUND"],
    managerOther: ["404 ORGANISATION_NOT_FOUND", "allowed"],
    managerWithout: ["404 ORGANISATION_NOT_FOUND", "404 ORGANISATION_NOT_FOUND"],
    admin: ["allowed", "allowed"],
    adminOrganisations: ["allowed", "allowed"],
    adminMemberships: ["403 MANAGER_REQUIRED", "403 MANAGER_REQUIRED"],
  };
  it.each(Object.entries(expected) as [Role, [string, string]][])(
    "%s: organisation 7, then organisation 8",
    (role, [seven, eight]) => {
      const c = ROLES[role];
      const at = (id: number) => () =>
        organisations.managesOrganisationInPath(c, deps, { params: { id }, query: {} });
      expect(outcome(at(ORG))).toBe(seven);
      expect(outcome(at(OTHER))).toBe(eight);
    },
  );

  it("refuses a call without the organisation's id as a missing organisation", () => {
    expect(outcome(() => organisations.managesOrganisationInPath(ROLES.admin, deps))).toBe(
      "404 ORGANISATION_NOT_FOUND",
    );
  });
});

describe("recording a member's annual review, per role", () => {
  const expected: Record<Role, string> = {
    basic: "404 USER_NOT_FOUND",
    corporate: "404 USER_NOT_FOUND",
    managerSame: "allowed",
    managerOther: "404 USER_NOT_FOUND",
    managerWithout: "404 USER_NOT_FOUND",
    admin: "allowed",
    adminOrganisations: "allowed",
    adminMemberships: "404 USER_NOT_FOUND",
  };
  it.each(Object.entries(expected) as [Role, string][])("%s: a member of organisation 7", (role, answer) => {
    expect(outcome(() => organisations.requireManagedMember(ROLES[role], { organisationId: ORG }))).toBe(
      answer,
    );
  });

  it("refuses a member without an organisation, and no member, for everyone", () => {
    for (const c of Object.values(ROLES)) {
      expect(outcome(() => organisations.requireManagedMember(c, { organisationId: null }))).toBe(
        "404 USER_NOT_FOUND",
      );
      expect(outcome(() => organisations.requireManagedMember(c, null))).toBe("404 USER_NOT_FOUND");
    }
  });
});

describe("the Analytics screen", () => {
  it("refuses a manager of an organisation that is not a resilience one; administrators always pass", () => {
    expect(outcome(() => organisations.requireAnalytics(ROLES.managerSame, null))).toBe("403 FEATURE_LOCKED");
    expect(outcome(() => organisations.requireAnalytics(ROLES.managerSame, RESILIENCE_GOVERNING_BODY))).toBe(
      "allowed",
    );
    expect(outcome(() => organisations.requireAnalytics(ROLES.admin, null))).toBe("allowed");
  });
});

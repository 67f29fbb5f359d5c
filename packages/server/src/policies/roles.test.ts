import { describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.js";
import type { Caller } from "./caller.js";
import { all, isAdmin, isOrganisationManager, policies } from "./roles.js";

// Role policies read nothing but the caller's roles: the membership tier and
// organisation of trial, basic, premium and corporate callers make no difference.
const caller = (roles: string[], impersonatedBy?: string): Caller => ({ id: "u", roles, impersonatedBy });
const member = caller(["User-Basic"]);
const manager = caller(["User-Basic", "Organisation-Manager"]);
const ROLES = {
  trial: member,
  basic: member,
  premium: member,
  corporate: member,
  managerSame: manager,
  managerOther: manager,
  admin: caller(["User-Basic", "Admin"]),
};
type Role = keyof typeof ROLES;
type Name = keyof typeof policies;

const ok = "allowed";
/** What `policy` answers `c`: allowed, or the refusal's status and code. */
function verdict(name: Name, c: Caller): string {
  try {
    policies[name](c);
    return ok;
  } catch (err) {
    if (err instanceof AppError) return `${err.statusCode} ${err.code}`;
    throw err;
  }
}

/** Every role gets `refusal`, except the listed ones, which are allowed. */
const allowOnly = (allowed: Role[], refusal: string) =>
  Object.fromEntries(
    (Object.keys(ROLES) as Role[]).map((r) => [r, allowed.includes(r) ? ok : refusal]),
  ) as Record<Role, string>;
const everyone = allowOnly(Object.keys(ROLES) as Role[], "");

const EXPECTED: Record<Name, Record<Role, string>> = {
  userBasic: everyone,
  admin: allowOnly(["admin"], "403 ADMIN_REQUIRED"),
  anyAdmin: allowOnly(["admin"], "403 ADMIN_REQUIRED"),
  organisationManager: allowOnly(["managerSame", "managerOther"], "403 MANAGER_REQUIRED"),
  notImpersonating: everyone,
};

describe("role policies per role", () => {
  for (const name of Object.keys(policies) as Name[]) {
    it.each(Object.entries(EXPECTED[name]) as [Role, string][])(`${name}: %s is %s`, (role, expected) => {
      expect(verdict(name, ROLES[role])).toBe(expected);
    });
  }

  it("refuses callers without the role each policy names", () => {
    expect(verdict("userBasic", caller([]))).toBe("403 ROLE_REQUIRED");
    expect(verdict("userBasic", caller(["Admin"]))).toBe("403 ROLE_REQUIRED");
    expect(verdict("anyAdmin", caller(["Admin-Memberships"]))).toBe(ok);
    expect(verdict("admin", caller(["Admin-Memberships"]))).toBe("403 ADMIN_REQUIRED");
    expect(isAdmin(caller(["Admin"]))).toBe(true);
    expect(isOrganisationManager(caller(["Admin"]))).toBe(false);
  });

  it("refuses an impersonated session whatever its roles", () => {
    expect(verdict("notImpersonating", caller(["User-Basic", "Admin"], "admin-id"))).toBe(
      "403 IMPERSONATING",
    );
  });

  it("all() answers the first refusal, in order", async () => {
    const admin = ROLES.admin;
    const deps = {} as never;
    await expect(all(policies.admin, policies.notImpersonating)(admin, deps)).resolves.toBeUndefined();
    await expect(all(policies.organisationManager, policies.admin)(admin, deps)).rejects.toMatchObject({
      statusCode: 403,
      code: "MANAGER_REQUIRED",
    });
    await expect(
      all(policies.admin, policies.notImpersonating)(caller(["Admin"], "x"), deps),
    ).rejects.toMatchObject({ code: "IMPERSONATING" });
  });
});

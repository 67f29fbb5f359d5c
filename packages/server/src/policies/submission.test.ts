import { describe, expect, it } from "vitest";
import type { Deps } from "../deps.js";
import { AppError } from "../lib/errors.js";
import type { Caller, Policy } from "./caller.js";
import * as submission from "./submission.js";

const caller = (roles: string[]): Caller => ({ id: "u", roles });
const ROLES: Record<string, Caller> = {
  member: caller(["User-Basic"]),
  manager: caller(["User-Basic", "Organisation-Manager"]),
  admin: caller(["User-Basic", "Admin"]),
  // A signed-in account without the member role (an organisation-only or support account).
  noMemberRole: caller(["Organisation-Manager"]),
  none: caller([]),
};

function verdict(policy: Policy, c: Caller): string {
  try {
    // The submission policies read nothing but the caller.
    policy(c, {} as Deps);
    return "allowed";
  } catch (err) {
    if (err instanceof AppError) return `${err.statusCode} ${err.code}`;
    throw err;
  }
}
const table = (policy: Policy) =>
  Object.fromEntries(Object.entries(ROLES).map(([k, c]) => [k, verdict(policy, c)]));

/** The verdicts expected when only `allowed` pass and every other caller is refused for want of the role. */
const only = (allowed: readonly string[]) =>
  Object.fromEntries(
    Object.keys(ROLES).map((k) => [k, allowed.includes(k) ? "allowed" : "403 ROLE_REQUIRED"]),
  );

describe("submission pack policies (REQ-SUBMIT-01)", () => {
  it("let every signed-in caller poll their own packs (ownership is the service's 404)", () => {
    expect(table(submission.read)).toEqual(only(["member", "manager", "admin", "noMemberRole", "none"]));
  });
  it("let only callers with the User-Basic role make a pack", () => {
    expect(table(submission.request)).toEqual(only(["member", "manager", "admin"]));
  });
});

import { describe, expect, it } from "vitest";
import type { Caller } from "./caller.js";
import { resolveInEntry, scan } from "./identifiers.js";
import { verdict } from "./verdict.js";

// Every signed-in caller may scan a text (REQ-IDENT-04): it reads and stores nothing of anyone's.
const caller = (roles: string[], impersonatedBy?: string): Caller => ({ id: "u", roles, impersonatedBy });
const ROLES: Record<string, Caller> = {
  none: caller([]),
  member: caller(["User-Basic"]),
  manager: caller(["User-Basic", "Organisation-Manager"]),
  admin: caller(["User-Basic", "Admin"]),
  impersonated: caller(["User-Basic"], "admin-id"),
};

describe("identifiers policy per role", () => {
  it.each(Object.entries(ROLES))("scan: %s is allowed", (_role, c) => {
    expect(verdict(() => scan(c, {} as never))).toBe("allowed");
  });
  // Resolving a finding edits the entry: User-Basic, like a save; ownership is the service's.
  it.each(Object.entries(ROLES))("resolveInEntry: %s", (role, c) => {
    expect(verdict(() => resolveInEntry(c, {} as never))).toBe(
      role === "none" ? "403 ROLE_REQUIRED Your account cannot change this" : "allowed",
    );
  });
});

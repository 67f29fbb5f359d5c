import { describe, expect, it } from "vitest";
import type { Caller } from "./caller.js";
import { scan } from "./identifiers.js";
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
});

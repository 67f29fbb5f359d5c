import { describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.js";
import * as calendar from "./calendar.js";
import type { Actor } from "./caller.js";

// The roles of the authorisation matrix; membership tiers do not matter to the
// calendar, so trial, basic and premium differ only in name here.
const ORG = 7;
const OTHER = 8;
const user = (roles: string[], organisationId: number | null): Actor => ({ id: "u", roles, organisationId });
const ROLES = {
  trial: user(["User-Basic"], null),
  basic: user(["User-Basic"], null),
  premium: user(["User-Basic"], null),
  corporate: user(["User-Basic"], ORG),
  managerSame: user(["User-Basic", "Organisation-Manager"], ORG),
  managerOther: user(["User-Basic", "Organisation-Manager"], OTHER),
  admin: user(["User-Basic", "Admin"], null),
};
type Role = keyof typeof ROLES;
const each = <T>(table: Record<Role, T>) => Object.entries(table) as [Role, T][];

const orgItem = { organisationId: ORG };
const platformItem = { organisationId: null };

const refused = "403 MANAGER_REQUIRED";

/** The code of the AppError `f` throws, or its result. */
function outcome<T>(f: () => T): T | string {
  try {
    return f();
  } catch (err) {
    if (err instanceof AppError) return `${err.statusCode} ${err.code}`;
    throw err;
  }
}

describe("calendar policies per role", () => {
  it.each(
    each({
      trial: false,
      basic: false,
      premium: false,
      corporate: true,
      managerSame: true,
      managerOther: false,
      admin: false,
    }),
  )("%s sees an organisation's item only as its member: %s", (role, expected) => {
    expect(calendar.mayView(ROLES[role], orgItem)).toBe(expected);
    expect(calendar.mayView(ROLES[role], platformItem)).toBe(true);
  });

  it.each(
    each({
      trial: [null],
      basic: [null],
      premium: [null],
      corporate: [null, ORG],
      managerSame: [null, ORG],
      managerOther: [null, OTHER],
      admin: [null],
    }),
  )("%s lists the platform's items and its organisation's: %j", (role, expected) => {
    expect(calendar.visibleOrganisations(ROLES[role])).toEqual(expected);
  });

  it.each(
    each({
      trial: [false, false],
      basic: [false, false],
      premium: [false, false],
      corporate: [false, false],
      managerSame: [true, false],
      managerOther: [false, false],
      admin: [true, true],
    }),
  )("%s may manage [its organisation's item, the platform's item]: %j", (role, [org, platform]) => {
    expect(calendar.mayManage(ROLES[role], orgItem)).toBe(org);
    expect(calendar.mayManage(ROLES[role], platformItem)).toBe(platform);
  });

  it.each(
    each({
      trial: false,
      basic: false,
      premium: false,
      corporate: false,
      managerSame: true,
      managerOther: true,
      admin: true,
    }),
  )("%s may open the management screens: %s", (role, expected) => {
    expect(calendar.mayManageCalendar(ROLES[role])).toBe(expected);
  });

  it.each(
    each({
      trial: [refused, refused],
      basic: [refused, refused],
      premium: [refused, refused],
      corporate: [refused, refused],
      managerSame: [ORG, ORG],
      managerOther: [OTHER, "403 OTHER_ORGANISATION"],
      admin: [null, ORG],
    }),
  )("%s publishes [without an organisation, for organisation 7] as %j", (role, [unset, forOrg]) => {
    expect(outcome(() => calendar.publishingOrganisation(ROLES[role], undefined))).toBe(unset);
    expect(outcome(() => calendar.publishingOrganisation(ROLES[role], null))).toBe(unset);
    expect(outcome(() => calendar.publishingOrganisation(ROLES[role], ORG))).toBe(forOrg);
  });

  it.each(
    each<string | calendar.OrganisationScope>({
      trial: refused,
      basic: refused,
      premium: refused,
      corporate: refused,
      managerSame: [null, ORG],
      managerOther: [null, OTHER],
      admin: "all",
    }),
  )("%s manages the scope %j", (role, expected) => {
    expect(outcome(() => calendar.managementScope(ROLES[role]))).toEqual(expected);
  });
});

describe("calendar policies at the edges", () => {
  it("a manager without an organisation manages nothing", () => {
    const a = user(["User-Basic", "Organisation-Manager"], null);
    expect(calendar.mayManageCalendar(a)).toBe(false);
    expect(calendar.mayManage(a, platformItem)).toBe(false);
    expect(outcome(() => calendar.publishingOrganisation(a, undefined))).toBe(refused);
  });

  it("an Admin-* role is not the Admin role", () => {
    const a = user(["User-Basic", "Admin-Overview"], null);
    expect(calendar.mayManage(a, orgItem)).toBe(false);
    expect(outcome(() => calendar.managementScope(a))).toBe(refused);
  });

  it("an admin who belongs to an organisation still manages every organisation's items", () => {
    const a = user(["Admin"], OTHER);
    expect(calendar.mayManage(a, orgItem)).toBe(true);
    expect(calendar.publishingOrganisation(a, ORG)).toBe(ORG);
  });
});

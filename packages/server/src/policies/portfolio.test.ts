import { describe, expect, it } from "vitest";
import { mayReviewMember } from "./portfolio.js";

const manager = (organisationId: number | null) => ({
  id: "m",
  roles: ["User-Basic", "Organisation-Manager"],
  organisationId,
});

describe("reviewing a member's portfolio", () => {
  it("is allowed to a manager of the member's organisation", () => {
    expect(mayReviewMember(manager(7), { organisationId: 7 })).toBe(true);
  });
  it("is refused to a manager of another organisation", () => {
    expect(mayReviewMember(manager(8), { organisationId: 7 })).toBe(false);
  });
  it("is refused to a manager without an organisation, even for members without one", () => {
    expect(mayReviewMember(manager(null), { organisationId: null })).toBe(false);
  });
  it("is refused to a colleague who is not a manager, and to an administrator", () => {
    expect(
      mayReviewMember({ id: "c", roles: ["User-Basic"], organisationId: 7 }, { organisationId: 7 }),
    ).toBe(false);
    expect(mayReviewMember({ id: "a", roles: ["Admin"], organisationId: null }, { organisationId: 7 })).toBe(
      false,
    );
  });
});

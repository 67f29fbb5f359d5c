import { describe, expect, it } from "vitest";
import { buildUrl } from "./api-client";

describe("buildUrl", () => {
  it("substitutes path params and encodes them", () => {
    expect(buildUrl("/auth/password-reset/:id", { id: "a/b c" })).toBe("/api/auth/password-reset/a%2Fb%20c");
  });
  it("adds defined query values only", () => {
    expect(buildUrl("/profile/image", undefined, { token: "t", v: undefined })).toBe(
      "/api/profile/image?token=t",
    );
  });
  it("repeats the key for each value of an array", () => {
    expect(
      buildUrl("/hcpc-portal/:id/evidence", { id: "t" }, { entryId: ["a", "b c"], download: true }),
    ).toBe("/api/hcpc-portal/t/evidence?entryId=a&entryId=b+c&download=true");
  });
  it("leaves an empty array out", () => {
    expect(buildUrl("/hcpc-portal/:id/evidence", { id: "t" }, { entryId: [] })).toBe(
      "/api/hcpc-portal/t/evidence",
    );
  });
  it("refuses a missing param", () => {
    expect(() => buildUrl("/branding/:organisationKey", {})).toThrow(/organisationKey/);
  });
});

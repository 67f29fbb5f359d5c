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
  it("refuses a missing param", () => {
    expect(() => buildUrl("/branding/:organisationKey", {})).toThrow(/organisationKey/);
  });
});

import { describe, expect, it } from "vitest";
import { checkNewPassword } from "./password-rules";

describe("checkNewPassword", () => {
  it("refuses different entries with the required message", () => {
    expect(checkNewPassword("Password123!", "Password124!")).toBe(
      "The new passwords do not match. Please try again.",
    );
  });
  it("refuses short passwords", () => {
    expect(checkNewPassword("short", "short")).toMatch(/at least 8/);
  });
  it("accepts matching long passwords", () => {
    expect(checkNewPassword("Password123!", "Password123!")).toBeNull();
  });
});

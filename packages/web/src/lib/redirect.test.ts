import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps local paths with their query", () => {
    expect(safeRedirect("/profile?tab=tags")).toBe("/profile?tab=tags");
  });
  it("falls back for other origins, protocol-relative URLs and the login page", () => {
    expect(safeRedirect("https://evil.example")).toBe("/welcome");
    expect(safeRedirect("//evil.example")).toBe("/welcome");
    expect(safeRedirect("/login")).toBe("/welcome");
    expect(safeRedirect(null)).toBe("/welcome");
  });
});

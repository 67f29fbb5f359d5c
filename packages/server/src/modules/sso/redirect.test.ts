import { describe, expect, it } from "vitest";
import { AFTER_LOGIN, safeRedirect } from "./redirect.js";

const SITE = "https://cpd.example.org";

describe("safeRedirect", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/entries?page=2#top", "/entries?page=2#top"],
    ["/a/../profile", "/profile"],
    ["https://cpd.example.org/calendar?view=month", "/calendar?view=month"],
    ["HTTPS://CPD.EXAMPLE.ORG/x", "/x"],
    ["https://cpd.example.org:443/x", "/x"],
  ])("keeps a destination of this site: %s", (target, expected) => {
    expect(safeRedirect(target, SITE)).toBe(expected);
  });

  it.each([
    [undefined],
    [null],
    [""],
    ["dashboard"],
    ["//evil.example/x"],
    ["/\\evil.example/x"],
    ["\\\\evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["https://evil.example/x"],
    ["https://cpd.example.org.evil.example/x"],
    ["https://cpd.example.org@evil.example/x"],
    ["http://cpd.example.org/x"],
    ["https://cpd.example.org:8443/x"],
    ["javascript:alert(1)"],
    ["data:text/html,hi"],
    ["ftp://cpd.example.org/x"],
    ["https://"],
  ])("replaces anything else with /welcome: %j", (target) => {
    expect(safeRedirect(target, SITE)).toBe(AFTER_LOGIN);
  });

  it("compares with the configured public origin, whatever its port", () => {
    expect(safeRedirect("http://localhost:3100/entries", "http://localhost:3100")).toBe("/entries");
    expect(safeRedirect("http://localhost:3000/entries", "http://localhost:3100")).toBe(AFTER_LOGIN);
    expect(safeRedirect("http://127.0.0.1:3100/entries", "http://localhost:3100")).toBe(AFTER_LOGIN);
  });
});

import { describe, expect, it } from "vitest";
import { cspDirectives } from "./csp.js";

const captcha = (scriptUrl: string | null) => ({
  captcha: { verifyUrl: "https://captcha.example/siteverify", secret: "s", siteKey: "k", scriptUrl },
});

describe("cspDirectives", () => {
  it("allows only this site's scripts when no captcha is configured", () => {
    const d = cspDirectives({ captcha: null });
    expect(d.scriptSrc).toEqual(["'self'"]);
    expect(d.frameSrc).toEqual(["'self'", "https:"]);
    expect(d.frameAncestors).toEqual(["'none'"]);
  });

  it("adds the captcha script's origin (not its path) to script-src and frame-src", () => {
    const d = cspDirectives(captcha("https://www.google.com/recaptcha/api.js?render=explicit"));
    expect(d.scriptSrc).toEqual(["'self'", "https://www.google.com"]);
    expect(d.frameSrc).toContain("https://www.google.com");
    // The local fake captcha runs over http on a port.
    expect(cspDirectives(captcha("http://127.0.0.1:4640/api.js")).scriptSrc).toEqual([
      "'self'",
      "http://127.0.0.1:4640",
    ]);
  });

  it("shows images of this site only: no other origin, whatever the captcha (ADR 0021)", () => {
    // data: and blob: are images the page draws itself (signatures, PDF previews), never addresses.
    expect(cspDirectives(captcha("https://www.google.com/recaptcha/api.js")).imgSrc).toEqual([
      "'self'",
      "data:",
      "blob:",
    ]);
  });

  it("adds nothing for a script URL that is missing or not http(s)", () => {
    expect(cspDirectives(captcha(null)).scriptSrc).toEqual(["'self'"]);
    expect(cspDirectives(captcha("javascript:alert(1)")).scriptSrc).toEqual(["'self'"]);
    expect(cspDirectives(captcha("not a url")).scriptSrc).toEqual(["'self'"]);
  });
});

import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseSignatureHeader, signatureValid, upgradeLink } from "./signature.js";

const SECRET = "a-shared-webhook-secret-for-tests-only";
const raw = Buffer.from('{"id":"evt_1","type":"membership.started"}');
const sign = (t: number, body: Buffer | string = raw, secret = SECRET) =>
  createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");

describe("parseSignatureHeader", () => {
  it("reads t and every v1, ignores other schemes, refuses anything malformed", () => {
    const v = "ab".repeat(32);
    expect(parseSignatureHeader(`t=1700000000,v1=${v}`)).toEqual({ t: 1700000000, v1: [v] });
    expect(parseSignatureHeader(`t=1,v0=xyz,v1=${v},v1=${v.toUpperCase()}`)?.v1).toEqual([v, v]);
    for (const bad of [
      undefined,
      "",
      "t=1",
      `v1=${v}`,
      `t=x,v1=${v}`,
      `t=1,t=2,v1=${v}`,
      "t=1,v1=abc",
      "junk",
      `t=1,v1=${v}${"x".repeat(1000)}`,
    ])
      expect(parseSignatureHeader(bad), String(bad)).toBeNull();
  });
});

describe("signatureValid", () => {
  const now = 1_700_000_000;
  it("accepts the HMAC of the exact bytes within the tolerance, either way", () => {
    expect(signatureValid(SECRET, `t=${now},v1=${sign(now)}`, raw, now, 300)).toBe(true);
    expect(signatureValid(SECRET, `t=${now - 300},v1=${sign(now - 300)}`, raw, now, 300)).toBe(true);
    expect(signatureValid(SECRET, `t=${now + 300},v1=${sign(now + 300)}`, raw, now, 300)).toBe(true);
    // A rotated secret: the provider sends both signatures.
    expect(
      signatureValid(SECRET, `t=${now},v1=${sign(now, raw, "old")},v1=${sign(now)}`, raw, now, 300),
    ).toBe(true);
  });
  it("refuses a stale or future timestamp, another secret, other bytes, or a signature for another time", () => {
    expect(signatureValid(SECRET, `t=${now - 301},v1=${sign(now - 301)}`, raw, now, 300)).toBe(false);
    expect(signatureValid(SECRET, `t=${now + 301},v1=${sign(now + 301)}`, raw, now, 300)).toBe(false);
    expect(signatureValid(SECRET, `t=${now},v1=${sign(now, raw, "another")}`, raw, now, 300)).toBe(false);
    expect(
      signatureValid(SECRET, `t=${now},v1=${sign(now)}`, Buffer.concat([raw, Buffer.from(" ")]), now, 300),
    ).toBe(false);
    expect(signatureValid(SECRET, `t=${now},v1=${sign(now - 1)}`, raw, now, 300)).toBe(false);
  });
});

describe("upgradeLink", () => {
  it("adds the customer and the URL-encoded e-mail, keeping the page's own query", () => {
    const id = "7f1c1f9e-3c55-4b8e-9a51-0a1b2c3d4e5f";
    expect(upgradeLink("https://pay.example/checkout", id, "a+b@x.org")).toBe(
      `https://pay.example/checkout?customer=${id}&email=a%2Bb%40x.org`,
    );
    expect(upgradeLink("https://pay.example/c?plan=x", id, "a@x.org")).toBe(
      `https://pay.example/c?plan=x&customer=${id}&email=a%40x.org`,
    );
    expect(upgradeLink(null, id, "a@x.org")).toBeNull();
  });
});

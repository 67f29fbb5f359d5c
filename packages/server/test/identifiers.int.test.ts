// POST /api/identifiers/scan (REQ-IDENT-04, REQ-IDENT-05): the detector through the API, the
// caller's own contact details left out, the limits, and a text that never reaches the logs.
import { randomInt, randomUUID } from "node:crypto";
import {
  IDENTIFIER_MESSAGES,
  IDENTIFIER_SCAN_MAX_FINDINGS,
  IDENTIFIER_SCAN_MAX_LENGTH,
  IDENTIFIER_SCAN_MESSAGES,
} from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { call, createUser, randomIp, refusal, useApp } from "./harness.js";
import { appWithLogs, nhsNumber, spaced } from "./identifier-fixtures.js";

const h = useApp();
const SCAN = "/identifiers/scan";

const scan = (token: string | undefined, text: unknown) =>
  call(h.app, "POST", SCAN, { token, body: { text }, ip: randomIp() });

describe("POST /api/identifiers/scan", () => {
  it("finds an NHS number with its position, and leaves the caller's own e-mail and mobile out", async () => {
    const u = await createUser(h.deps);
    const mobile = `07912 ${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
    await h.deps.prisma.profile.update({ where: { userId: u.id }, data: { mobileNumber: mobile } });
    const nhs = spaced(nhsNumber());
    const text = `😀 Saw the patient (${nhs}). Mail me at ${u.email.toUpperCase()} or ${mobile.replace(" ", "")}; ward: ward.7@nhs.example`;

    const res = await scan(u.token, text);

    expect(res.status).toBe(200);
    expect(res.body.truncated).toBe(false);
    const found = res.body.findings.map(
      (f: { kind: string; start: number; end: number; severity: string }) => ({
        kind: f.kind,
        text: text.slice(f.start, f.end),
        severity: f.severity,
      }),
    );
    expect(found).toEqual([
      { kind: "nhs-number", text: nhs, severity: "identifier" },
      { kind: "email", text: "ward.7@nhs.example", severity: "check" },
    ]);
    expect(res.body.findings[0].reason).toBe(IDENTIFIER_MESSAGES["nhs-number"]);
  });

  it("answers no findings for text with none, and for a ten-digit number failing every check", async () => {
    const u = await createUser(h.deps);
    const ten = nhsNumber();
    const wrong = `${ten.slice(0, 9)}${(Number(ten[9]) + 1) % 10}`;
    const res = await scan(u.token, `Order ${wrong} reflected on today.`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ findings: [], truncated: false });
  });

  it("lists at most the contract's number of findings and says it left the rest out", async () => {
    const u = await createUser(h.deps);
    const text = Array.from({ length: IDENTIFIER_SCAN_MAX_FINDINGS + 5 }, nhsNumber).join(" ");
    const res = await scan(u.token, text);
    expect(res.status).toBe(200);
    expect(res.body.findings).toHaveLength(IDENTIFIER_SCAN_MAX_FINDINGS);
    expect(res.body.truncated).toBe(true);
  });

  it("refuses a text over the limit, a NUL byte and a missing text with 400, and a signed-out caller with 401", async () => {
    const u = await createUser(h.deps);
    expect(refusal(await scan(u.token, "1".repeat(IDENTIFIER_SCAN_MAX_LENGTH + 1)))).toEqual([
      400,
      "VALIDATION_ERROR",
      IDENTIFIER_SCAN_MESSAGES.tooLong,
    ]);
    expect((await scan(u.token, "1".repeat(IDENTIFIER_SCAN_MAX_LENGTH))).status).toBe(200);
    expect((await scan(u.token, `a\u0000${nhsNumber()}`)).status).toBe(400);
    expect((await scan(u.token, null)).status).toBe(400);
    expect((await call(h.app, "POST", SCAN, { token: u.token, body: {}, ip: randomIp() })).status).toBe(400);
    expect((await scan(undefined, "text")).status).toBe(401);
  });

  it("is rate limited per address", async () => {
    const u = await createUser(h.deps);
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await call(h.app, "POST", SCAN, { token: u.token, body: { text: "x" }, ip })).status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe("the scanned text never reaches the logs", () => {
  it("logs neither an accepted nor a refused text, at the most verbose level", async () => {
    const { app, logs } = await appWithLogs(h.deps);
    try {
      const u = await createUser(h.deps);
      const marker = `secret-${randomUUID()}`;
      const sent = [
        `${marker} ${spaced(nhsNumber())}`,
        `${marker}\u0000`,
        `${marker}${"x".repeat(IDENTIFIER_SCAN_MAX_LENGTH)}`,
      ];
      const statuses: number[] = [];
      for (const text of sent) {
        const res = await call(app, "POST", SCAN, { token: u.token, body: { text }, ip: randomIp() });
        statuses.push(res.status);
        // A refusal's message does not echo the text either.
        expect(res.res.body).not.toContain(marker);
      }
      expect(statuses).toEqual([200, 400, 400]);
      // The logger did write (each request's line), and none holds the text.
      expect(logs().length).toBeGreaterThan(0);
      expect(logs()).toContain(SCAN);
      expect(logs()).not.toContain(marker);
    } finally {
      await app.close();
    }
  });
});

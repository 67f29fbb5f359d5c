import { type TSchema, Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import type { JobDefinition } from "./job.js";
import { checkJobs, jobs, queueNames } from "./registry.js";

const job = (name: string, extra: Partial<JobDefinition> = {}): JobDefinition => ({
  name,
  queue: "q",
  payload: Type.Object({ userId: Type.String() }),
  options: {},
  handle: async () => {},
  ...extra,
});

describe("the job registry", () => {
  it("refuses two jobs with the same name", () => {
    expect(() => checkJobs([job("a"), job("b"), job("a")])).toThrow("Duplicate job handler: a");
  });

  it("refuses a job without a handler", () => {
    const missing = { ...job("no-handler") } as Partial<JobDefinition>;
    delete missing.handle;
    expect(() => checkJobs([missing as JobDefinition])).toThrow("Missing handler for job no-handler");
  });

  it("accepts distinct, complete jobs", () => {
    expect(checkJobs([job("a"), job("b")]).map((j) => j.name)).toEqual(["a", "b"]);
  });

  it("lists a queue for every registered job", () => {
    expect(jobs.length).toBeGreaterThan(0);
    for (const j of jobs) expect(queueNames).toContain(j.queue);
  });
});

/** Every property name anywhere in a schema (objects, arrays, unions, records). */
function propertyNames(schema: TSchema, path = "payload"): string[] {
  const s = schema as Record<string, unknown>;
  const out: string[] = [];
  const props = (s.properties ?? {}) as Record<string, TSchema>;
  for (const [key, sub] of Object.entries(props))
    out.push(`${path}.${key}`, ...propertyNames(sub, `${path}.${key}`));
  for (const k of ["items", "additionalProperties"]) {
    if (s[k] && typeof s[k] === "object") out.push(...propertyNames(s[k] as TSchema, `${path}[]`));
  }
  for (const k of ["anyOf", "allOf", "oneOf"]) {
    for (const sub of (s[k] as TSchema[] | undefined) ?? []) out.push(...propertyNames(sub, path));
  }
  for (const sub of Object.values((s.patternProperties ?? {}) as Record<string, TSchema>)) {
    out.push(...propertyNames(sub, `${path}{}`));
  }
  return out;
}

// Payloads wait in Redis, readable by anyone with access to it, and in failed-job lists for days:
// they carry ids, never what would let someone act as the user (DESIGN.md §6).
const SECRET_LIKE = /token|link|url|password|secret|otp|code|html|body|text/i;

describe("job payloads", () => {
  it.each(jobs.map((j) => [j.name, j] as const))(
    "%s carries no secret, link or rendered message",
    (_name, j) => {
      const names = propertyNames(j.payload);
      expect(names.length, "a payload with no named properties cannot be checked").toBeGreaterThan(0);
      const suspicious = names.filter((n) => SECRET_LIKE.test(n.split(".").pop() ?? ""));
      expect(suspicious).toEqual([]);
    },
  );

  it("the check spots a payload that would carry a reset link", () => {
    const bad = Type.Object({
      userId: Type.String(),
      resetLink: Type.String(),
      nested: Type.Object({ token: Type.String() }),
    });
    const names = propertyNames(bad).filter((n) => SECRET_LIKE.test(n.split(".").pop() ?? ""));
    expect(names).toEqual(["payload.resetLink", "payload.nested.token"]);
  });
});

describe("queue settings", () => {
  it("give the PDF queue the configured lock and concurrency, and every queue a setting", async () => {
    const { loadConfig } = await import("../config.js");
    const { queueSettings } = await import("./registry.js");
    const config = loadConfig({
      JWT_SECRET: "unit-test-secret-0123456789abcdefghijklmnop",
      SUPPORT_CHAT_SECRET: "unit-test-support-secret",
      PDF_JOB_LOCK_MS: "45000",
      PDF_CONCURRENCY: "2",
    });
    const settings = queueSettings(config);
    expect(settings.pdf).toEqual({
      concurrency: 2,
      lockDuration: 45_000,
      stalledInterval: 45_000,
      maxStalledCount: 2,
    });
    expect(Object.keys(settings).sort()).toEqual([...queueNames].sort());
  });
});

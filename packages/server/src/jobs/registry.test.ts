import { type TSchema, Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { definitions, queueNames } from "./definitions/index.js";
import { checkHandlers, handlers } from "./handlers/index.js";
import { defineJob, handler } from "./job.js";
import { queueSettings } from "./queues.js";

// Listed by hand, apart from the registries: jobs wait in Redis under these names and queues, so a
// rename or a move to another queue strands them (docs/decisions/0015-module-boundaries-and-jobs.md).
const EXPECTED: Record<string, string> = {
  "password-reset": "email",
  "hcpc-access": "email",
  certificate: "email",
  portfolio: "pdf",
  "portfolio-retention": "maintenance",
  "revalidation-submission": "pdf",
  "submission-retention": "maintenance",
  "supervision-email": "email",
  "supervision-code": "email",
  "attestation-email": "email",
  "attestation-code": "email",
  "account-export": "export",
  "export-retention": "maintenance",
  "account-email": "email",
  "contact-email": "email",
  "email-changed-notice": "email",
  "account-deletion": "maintenance",
  "account-deletion-email": "email",
  "account-lifecycle": "maintenance",
  "account-notice-email": "email",
  "entry-receipt": "email",
  "entry-findings": "maintenance",
  "evidence-text": "pdf",
};

const def = (name: string) =>
  defineJob({ name, queue: "q", payload: Type.Object({ userId: Type.String() }), options: {} });
const noop = async () => {};

describe("the job registry", () => {
  it("defines exactly the known jobs, each on its queue", () => {
    expect(Object.fromEntries(definitions.map((d) => [d.name, d.queue]))).toEqual(EXPECTED);
    expect(definitions).toHaveLength(Object.keys(EXPECTED).length);
  });

  it("has exactly one handler per definition, bound to that definition", () => {
    const handled = handlers.map((h) => h.definition.name).sort();
    expect(handled).toEqual(Object.keys(EXPECTED).sort());
    for (const h of handlers) expect(definitions).toContain(h.definition);
  });

  it("refuses two handlers for one job", () => {
    const a = def("a");
    expect(() => checkHandlers([a], [handler(a, noop), handler(a, noop)])).toThrow(
      "Duplicate job handler: a",
    );
  });

  it("refuses a definition without a handler", () => {
    const [a, b] = [def("a"), def("b")];
    expect(() => checkHandlers([a, b], [handler(a, noop)])).toThrow("Missing handler for job b");
  });

  it("refuses a handler for a job not defined", () => {
    const a = def("a");
    expect(() => checkHandlers([a], [handler(a, noop), handler(def("stray"), noop)])).toThrow(
      "Handler for an unknown job: stray",
    );
  });

  it("lists the queues of the known jobs, once each", () => {
    expect([...queueNames].sort()).toEqual([...new Set(Object.values(EXPECTED))].sort());
  });

  it("a handler refuses a payload its definition's schema does not accept", async () => {
    let ran = false;
    const h = handler(def("a"), async () => {
      ran = true;
    });
    await expect(h.handle({ userId: 5 }, {} as never)).rejects.toThrow("Invalid payload for job a");
    expect(ran).toBe(false);
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
// they carry ids, never what would let someone act as the user (ADR 0008).
const SECRET_LIKE = /token|link|url|password|secret|otp|code|html|body|text/i;

describe("job payloads", () => {
  it.each(definitions.map((j) => [j.name, j] as const))(
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

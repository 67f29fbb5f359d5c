// The examples the OpenAPI document shows are checked against the schemas they illustrate, so the
// document cannot show an integrator a body the server would refuse or an answer it never gives.
import { api, type EndpointDef, ERROR_MESSAGES, ErrorEnvelope } from "@cpd/contract";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";

const ajv = new Ajv({ strict: false, allErrors: true, keywords: [ERROR_MESSAGES] });
addFormats.default(ajv);

type WithExamples = { examples?: unknown[] };
const schemas = Object.entries(api as Record<string, EndpointDef>).flatMap(([name, e]) =>
  (["body", "response"] as const)
    .filter((part) => (e[part] as WithExamples | undefined)?.examples)
    .map((part) => [`${name} ${part}`, e[part] as object & WithExamples] as const),
);

describe("the contract's examples", () => {
  it.each([...schemas, ["ErrorEnvelope", ErrorEnvelope as object & WithExamples] as const])(
    "%s conform to their schema",
    (_where, schema) => {
      const check = ajv.compile({ ...schema, $id: undefined });
      for (const example of schema.examples ?? [])
        expect(check(example), ajv.errorsText(check.errors)).toBe(true);
    },
  );

  it("illustrate the main flows: log in, save an entry, upload, tags, the dashboard", () => {
    const shown = new Set<string>(schemas.map(([where]) => where));
    for (const where of [
      "login body",
      "login response",
      "createEntry body",
      "createEntry response",
      "updateEntry body",
      "uploadFile response",
      "putTags body",
      "statistics response",
    ])
      expect(shown.has(where), where).toBe(true);
  });
});

// Every input a call accepts is built from the shared primitives: strings refuse
// NUL and lone surrogates and are bounded, numbers are bounded, ids are canonical.
import type { TSchema } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import type { EndpointDef } from "./endpoint.js";
import { unsafeInputs } from "./input-audit.js";
import * as api from "./registry.js";

const endpoints = Object.entries(api) as [string, EndpointDef][];

describe("input primitives", () => {
  it.each(endpoints)("%s takes only safe, bounded input", (_name, e) => {
    const found = (["params", "query", "body"] as const).flatMap((part) =>
      e[part] ? unsafeInputs(e[part] as TSchema, part) : [],
    );
    expect(found).toEqual([]);
  });

  it("the checker itself flags an unbounded string and an unbounded integer", async () => {
    const { Type } = await import("@sinclair/typebox");
    expect(unsafeInputs(Type.Object({ a: Type.String(), n: Type.Integer() }), "body")).toEqual([
      "body.a: string without maxLength",
      "body.a: string not built from Text(), Uuid() or a closed pattern",
      "body.n: integer without minimum and maximum",
    ]);
  });
});

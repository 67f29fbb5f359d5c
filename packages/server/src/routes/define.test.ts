import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { outputSchema } from "./define.js";

describe("outputSchema", () => {
  it("drops input limits from answers, keeps formats and property names", () => {
    const input = Type.Object({
      pattern: Type.Union([Type.String({ pattern: "^a$", maxLength: 3 }), Type.Null()]),
      when: Type.String({ format: "date-time" }),
      n: Type.Integer({ minimum: 1, maximum: 3 }),
    });
    const out = outputSchema(input) as unknown as {
      properties: Record<string, { anyOf?: object[]; format?: string; minimum?: number }>;
    };
    expect(Object.keys(out.properties)).toEqual(["pattern", "when", "n"]);
    expect(out.properties.pattern?.anyOf?.[0]).toEqual({ type: "string" });
    expect(out.properties.when?.format).toBe("date-time");
    expect(out.properties.n?.minimum).toBeUndefined();
  });
});

import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { digitsOnly } from "./digits-only.js";
import { firstValidationMessage } from "./validation-message.js";

const schema = {
  type: "object",
  properties: {
    page: { type: "integer", minimum: 1 },
    hours: { type: "number" },
    name: { type: "string" },
  },
};
const coercing = new Ajv({ coerceTypes: true, verbose: true }).compile(schema);
const validate = digitsOnly(schema, coercing);

/** Validates a copy of a query (coercion mutates it) and answers what the caller would see. */
function check(query: Record<string, string>) {
  const data = { ...query };
  const ok = validate(data);
  return ok ? { ok, data } : { ok, message: firstValidationMessage(validate.errors as never, "querystring") };
}

describe("digitsOnly", () => {
  it("coerces numbers written in digits, as before", () => {
    expect(check({ page: "12", hours: "1.5", name: "0x10" })).toEqual({
      ok: true,
      data: { page: 12, hours: 1.5, name: "0x10" },
    });
  });

  it.each([" 12", "12 ", "0x10", "1e1", "12.", "+5", "", "Infinity"])(
    "refuses the whole number %j that + would read",
    (page) => {
      expect(check({ page })).toEqual({ ok: false, message: "Page must be a whole number" });
    },
  );

  it.each([
    "Infinity",
    "-Infinity",
    "NaN",
    "1e400",
    "9007199254740993",
    "-9007199254740993",
    "1".padEnd(400, "0"),
  ])("refuses %j, which is not an exact whole number", (page) => {
    expect(check({ page })).toEqual({ ok: false, message: "Page must be a whole number" });
  });

  it("takes the largest exact whole number, leaving its bounds to the schema", () => {
    const unbounded = { type: "object", properties: { id: { type: "integer" } } };
    const v = digitsOnly(unbounded, new Ajv({ coerceTypes: true, verbose: true }).compile(unbounded));
    const data = { id: "9007199254740991" };
    expect(v(data)).toBe(true);
    expect(data).toEqual({ id: Number.MAX_SAFE_INTEGER });
  });

  it.each(["NaN", "Infinity", "1e400", "1".padEnd(400, "0"), `${"9".repeat(400)}.5`])(
    "refuses the number %j, which is not finite",
    (hours) => {
      expect(check({ page: "1", hours })).toEqual({ ok: false, message: "Hours must be a number" });
    },
  );

  it("refuses a decimal written other than in digits", () => {
    expect(check({ page: "1", hours: "1e0" })).toEqual({ ok: false, message: "Hours must be a number" });
    expect(check({ page: "1", hours: ".5" })).toEqual({ ok: false, message: "Hours must be a number" });
  });

  it("leaves the schema's own bounds to AJV", () => {
    expect(check({ page: "0" })).toEqual({ ok: false, message: "Page must be at least 1" });
  });

  it("returns the validator itself when the schema has no numbers", () => {
    const textOnly = { type: "object", properties: { name: { type: "string" } } };
    const plain = new Ajv().compile(textOnly);
    expect(digitsOnly(textOnly, plain)).toBe(plain);
  });
});

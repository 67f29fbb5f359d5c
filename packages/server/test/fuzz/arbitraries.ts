// fast-check arbitraries derived from the contract's TypeBox schemas: mostly
// values the schema allows (so requests reach the services), mixed with the
// hostile inputs an outside sweep uses (NUL, lone surrogates, urn:uuid: ids,
// 1e308, explicit nulls, unknown properties, wrong types, oversize text).
import { randomUUID } from "node:crypto";
import type { TSchema } from "@sinclair/typebox";
import fc from "fast-check";

type Node = TSchema & Record<string, unknown>;

export interface FuzzContext {
  /** Ids of the caller's own records (and the caller's own id), so id parameters sometimes hit real rows. */
  ownIds: () => string[];
  /** Serial ids (organisations) the caller can reach, so organisation parameters sometimes hit real rows. */
  ownSerialIds: () => number[];
  /** Live e-mailed link tokens (base64url), so link parameters sometimes hit real links. */
  ownTokens: () => string[];
  /** Form item identifiers, so entry bodies sometimes carry real keys. */
  formKeys: string[];
  /** Plausible entry bodies for free-form (form-driven) records in valid mode. */
  formBody: fc.Arbitrary<Record<string, unknown>>;
}

const uuid = fc.uuid();
const BASE64URL = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"];
const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDC00y",
  "\u202Eevil.pdf",
  "%00",
  "urn:uuid:00000000-0000-4000-8000-000000000000",
  "{00000000-0000-4000-8000-000000000000}",
  "1e308",
  "Infinity",
  "-1",
  "NaN",
  "null",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "' OR 1=1 --",
  "😀",
];
const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constant("x".repeat(120_000)),
);
const hostileNumber = fc.constantFrom(1e308, -1e308, -1, 0, 0.5, 2 ** 53, -(2 ** 31), 2 ** 31);
/** Characters PostgreSQL cannot store or that no client should send, put into otherwise valid text. */
const POISON = ["\u0000", "\uD800", "\uDC00", "\uDBFF", "\u202E"];
const poisoned = (valid: fc.Arbitrary<string>) =>
  fc
    .tuple(valid, fc.constantFrom(...POISON), fc.nat())
    .map(([v, bad, at]) => v.slice(0, at % (v.length + 1)) + bad + v.slice(at % (v.length + 1)));
/** Anything at all, of any JSON type. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { $gt: "" }),
  fc.jsonValue({ maxDepth: 3 }),
);

const dateString = fc
  .date({ min: new Date("1900-01-01"), max: new Date("2199-12-31"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const dateTimeString = fc
  .date({ min: new Date("2000-01-01"), max: new Date("2100-12-31"), noInvalidDate: true })
  .map((d) => d.toISOString());

function validString(s: Node, ctx: FuzzContext): fc.Arbitrary<string> {
  if (s.format === "uuid" || (typeof s.pattern === "string" && s.pattern.includes("[0-9a-fA-F]{8}"))) {
    return fc.oneof(
      uuid,
      fc.constant(null).map(() => pick(ctx.ownIds()) ?? randomUUID()),
    );
  }
  if (s.format === "date") return dateString;
  if (s.format === "date-time") return dateTimeString;
  const min = typeof s.minLength === "number" ? s.minLength : 0;
  const max = Math.min(typeof s.maxLength === "number" ? s.maxLength : 200, 200);
  if (typeof s.pattern === "string" && s.pattern.startsWith("^https?://")) {
    return fc.webUrl().filter((u) => u.length <= max);
  }
  if (typeof s.pattern === "string" && s.pattern.includes("@")) return fc.emailAddress();
  // Link tokens (base64url): well-formed ones, and now and then a live one of the caller's.
  if (s.pattern === "^[A-Za-z0-9_-]+$") {
    return fc.oneof(
      fc.string({
        unit: fc.constantFrom(...BASE64URL),
        minLength: Math.max(min, 1),
        maxLength: Math.min(max, 64),
      }),
      fc.constant(null).map(() => pick(ctx.ownTokens()) ?? "A".repeat(Math.max(min, 1))),
    );
  }
  if (typeof s.pattern === "string" && s.pattern.startsWith("^[a-z0-9-]")) {
    return fc.stringMatching(/^[a-z0-9-]{3,30}$/);
  }
  // One character class, counted (a 6-digit code): strings of it, or random text would never pass.
  if (typeof s.pattern === "string" && /^\^\[(?!\^)[^\]]+\](\{\d+(,\d*)?\}|\+|\*)\$$/.test(s.pattern)) {
    return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= max);
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, max) });
}

const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];

/**
 * Values for one schema. "valid" stays within the schema (so requests reach the
 * services and their rules); "wild" mixes in hostile values at every level.
 */
export type Mode = "valid" | "wild";

export function arbitraryFor(
  schema: TSchema,
  ctx: FuzzContext,
  mode: Mode,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = schema as Node;
  const valid = validFor(s, ctx, mode, depth);
  if (mode === "valid") return valid;
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: hostileFor(s, ctx), weight: 2 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

/**
 * Hostile values of a field's own type: poisoned text for strings, extreme numbers
 * for numbers. They pass a lax validator and reach the service and the database.
 */
export function hostileFor(schema: TSchema, ctx: FuzzContext): fc.Arbitrary<unknown> {
  const s = schema as Node;
  if (s.type === "string") return fc.oneof(poisoned(validString(s, ctx)), hostileString);
  if (s.type === "integer" || s.type === "number") return hostileNumber;
  if (Array.isArray(s.anyOf)) return fc.oneof(...(s.anyOf as TSchema[]).map((k) => hostileFor(k, ctx)));
  if (s.type === "array")
    return fc.array(hostileFor(s.items as TSchema, ctx), { minLength: 1, maxLength: 3 });
  return hostileValue;
}

/** The top-level fields of a request's parts, each with its schema: the places a mutant changes. */
export function leaves(
  parts: Record<string, TSchema | undefined>,
): { part: string; key: string; schema: TSchema }[] {
  return Object.entries(parts).flatMap(([part, schema]) =>
    Object.entries(((schema as Node | undefined)?.properties ?? {}) as Record<string, TSchema>).map(
      ([key, field]) => ({ part, key, schema: field }),
    ),
  );
}

function validFor(s: Node, ctx: FuzzContext, mode: Mode, depth: number): fc.Arbitrary<unknown> {
  const numbers = (n: fc.Arbitrary<number>) => (mode === "valid" ? n : fc.oneof(n, hostileNumber));
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if (Array.isArray(s.anyOf))
    return fc.oneof(...(s.anyOf as TSchema[]).map((k) => validFor(k as Node, ctx, mode, depth)));
  switch (s.type) {
    case "string":
      return validString(s, ctx);
    case "integer": {
      const min = typeof s.minimum === "number" ? s.minimum : -1000;
      const max = typeof s.maximum === "number" ? s.maximum : 1000;
      // Serial ids (1..INT_MAX): a random one hits nothing, so sometimes one the caller can reach.
      if (min === 1 && max >= 2 ** 31 - 1)
        return numbers(
          fc.oneof(
            fc.integer({ min, max }),
            fc.constant(null).map(() => pick(ctx.ownSerialIds()) ?? 1),
          ),
        );
      return numbers(fc.integer({ min, max }));
    }
    case "number": {
      const min = typeof s.minimum === "number" ? s.minimum : -1000;
      const max = typeof s.maximum === "number" ? s.maximum : 1000;
      return numbers(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const max = Math.min(typeof s.maxItems === "number" ? s.maxItems + 1 : 5, 12);
      const items = depth > 4 ? hostileValue : arbitraryFor(s.items as TSchema, ctx, mode, depth + 1);
      return fc.array(items, { maxLength: mode === "valid" ? max - 1 : max });
    }
    case "object":
      return objectFor(s, ctx, mode, depth);
    default:
      return hostileValue;
  }
}

function objectFor(s: Node, ctx: FuzzContext, mode: Mode, depth: number): fc.Arbitrary<unknown> {
  const props = (s.properties ?? {}) as Record<string, TSchema>;
  const required = new Set((s.required ?? []) as string[]);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) record[k] = arbitraryFor(v, ctx, mode, depth + 1);
  const known = fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
  // Free-form records (entry bodies): real form keys and random ones.
  const valueSchema = (
    s.patternProperties ? Object.values(s.patternProperties as Record<string, TSchema>)[0] : undefined
  ) as TSchema | undefined;
  const free = valueSchema
    ? fc.dictionary(
        mode === "valid"
          ? fc.constantFrom(...(ctx.formKeys.length ? ctx.formKeys : ["x"]))
          : fc.oneof(fc.constantFrom(...(ctx.formKeys.length ? ctx.formKeys : ["x"])), hostileString),
        arbitraryFor(valueSchema, ctx, mode, depth + 1),
        { maxKeys: 12 },
      )
    : fc.constant({});
  if (mode === "valid") {
    if (valueSchema)
      return fc.oneof(
        ctx.formBody,
        fc.tuple(known, free).map(([a, b]) => ({ ...b, ...a })),
      );
    return known;
  }
  const extra = fc.option(
    fc.dictionary(fc.constantFrom("unknownField", "__proto__", "constructor"), hostileValue),
    {
      freq: 8,
    },
  );
  return fc
    .tuple(known, free, extra)
    .map(([a, b, c]) => Object.assign(Object.create(null), b, a, c ?? {}) as Record<string, unknown>);
}

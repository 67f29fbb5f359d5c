// Audits input schemas: which strings and numbers a call accepts without the
// guarantees of the shared primitives (used by the contract's own tests).
import type { TSchema } from "@sinclair/typebox";
import { SAFE_TEXT_PATTERN } from "./primitives.js";

type Node = TSchema & Record<string, unknown>;

/**
 * A whole-string pattern that cannot let NUL or a lone surrogate through: no
 * `.`, no \\S-style class, and every negated class excludes both.
 */
function closedPattern(p: string) {
  if (!p.startsWith("^") || !p.endsWith("$") || /\\[SDWP]/.test(p)) return false;
  // Escapes (\s, \., \u0000) are not wildcards; a bare dot outside a class is.
  if (
    p
      .replace(/\\./g, "")
      .replace(/\[[^\]]*\]/g, "")
      .includes(".")
  )
    return false;
  const negated = p.match(/\[\^[^\]]*\]/g) ?? [];
  return negated.every((c) => c.includes("\\u0000") && c.includes("\\uD800-\\uDFFF"));
}

/** Paths (like `body.title`) of input strings and numbers that miss a primitive's guarantees. */
export function unsafeInputs(schema: TSchema, at: string): string[] {
  const s = schema as Node;
  const out: string[] = [];
  const kids = (x: unknown, p: string) => {
    out.push(...unsafeInputs(x as TSchema, p));
  };
  for (const [i, k] of ((s.anyOf ?? []) as TSchema[]).entries()) kids(k, `${at}|${i}`);
  for (const [i, k] of ((s.allOf ?? []) as TSchema[]).entries()) kids(k, `${at}&${i}`);
  if (s.type === "object") {
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, TSchema>))
      kids(v, `${at}.${k}`);
    if (s.patternProperties)
      for (const v of Object.values(s.patternProperties as Record<string, TSchema>)) kids(v, `${at}[*]`);
    if (typeof s.additionalProperties === "object") kids(s.additionalProperties, `${at}[*]`);
  }
  if (s.type === "array") {
    if (typeof s.maxItems !== "number") out.push(`${at}: array without maxItems`);
    kids(s.items, `${at}[]`);
  }
  if (s.type === "string" && !s.enum && !s.const) {
    const bounded = typeof s.maxLength === "number" || typeof s.format === "string";
    const safe =
      s.pattern === SAFE_TEXT_PATTERN ||
      typeof s.format === "string" ||
      (typeof s.pattern === "string" && closedPattern(s.pattern));
    if (!bounded) out.push(`${at}: string without maxLength`);
    if (!safe) out.push(`${at}: string not built from Text(), Uuid() or a closed pattern`);
  }
  if (
    (s.type === "integer" || s.type === "number") &&
    (typeof s.minimum !== "number" || typeof s.maximum !== "number")
  )
    out.push(`${at}: ${s.type} without minimum and maximum`);
  return out;
}

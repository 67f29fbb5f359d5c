// The canonical form a signature's SHA-256 covers (supervision, REQ-SUP-06; attestations, ADR 0028):
// JSON with every object's keys sorted, recursively, and no whitespace, so the same stored content
// always gives the same hash.
import { createHash } from "node:crypto";

/** JSON with every object's keys sorted, recursively; no whitespace. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** The SHA-256 (hex) of a value's canonical JSON. */
export const canonicalSha256 = (value: unknown) =>
  createHash("sha256").update(canonicalJson(value), "utf8").digest("hex");

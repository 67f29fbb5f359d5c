// Paths and query strings carry numbers as text, and AJV's coercion reads them with `+value`, which
// also takes " 12", "0x10", "1e1" and "12." as 12, 16, 10 and 12. A call's numbers are written in
// digits: anything else is refused before coercion, with the message a type error gets. Digits too
// many for a number (an integer past 2^53 - 1, which JavaScript rounds, or one that reads as
// Infinity) are refused the same way (docs/decisions/0005-hostile-input-and-errors.md).
import type { SchemaError } from "./validation-message.js";

const WRITTEN_AS: Record<string, RegExp> = {
  integer: /^-?\d+$/,
  number: /^-?\d+(\.\d+)?$/,
};
/** What the digits must also read as: an exact whole number, or a finite one. */
const READS_AS: Record<string, (n: number) => boolean> = {
  integer: Number.isSafeInteger,
  number: Number.isFinite,
};

interface ObjectSchema {
  properties?: Record<string, { type?: unknown }>;
}

/** An AJV validate function as Fastify calls it (with the parent to mutate when it has `schemaEnv`). */
type Validate = ((data: unknown, context?: never) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/** Wraps a coercing validator of a path or query schema so that its numbers must be digits. */
export function digitsOnly(schema: unknown, validate: Validate): Validate {
  const numeric = Object.entries((schema as ObjectSchema | undefined)?.properties ?? {}).flatMap(
    ([key, property]) => {
      const type = typeof property.type === "string" ? property.type : "";
      const written = WRITTEN_AS[type];
      const reads = READS_AS[type];
      return written && reads ? [{ key, property, written, reads }] : [];
    },
  );
  if (numeric.length === 0) return validate;

  const checked: Validate = (data, context) => {
    const values = data as Record<string, unknown> | null;
    for (const { key, property, written, reads } of numeric) {
      const value = values?.[key];
      if (typeof value === "string" && (!written.test(value) || !reads(Number(value)))) {
        const error: SchemaError = {
          instancePath: `/${key}`,
          keyword: "type",
          params: { type: property.type },
          parentSchema: property as Record<string, unknown>,
        };
        checked.errors = [error];
        return false;
      }
    }
    const ok = validate(data, context);
    checked.errors = validate.errors;
    return ok;
  };
  checked.schemaEnv = validate.schemaEnv;
  return checked;
}

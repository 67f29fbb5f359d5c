// Paths and query strings carry numbers as text, and AJV's coercion reads them with `+value`, which
// also takes " 12", "0x10", "1e1" and "12." as 12, 16, 10 and 12. A call's numbers are written in
// digits: anything else is refused before coercion, with the message a type error gets.
import type { SchemaError } from "./validation-message.js";

const WRITTEN_AS: Record<string, RegExp> = {
  integer: /^-?\d+$/,
  number: /^-?\d+(\.\d+)?$/,
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
      const written = typeof property.type === "string" ? WRITTEN_AS[property.type] : undefined;
      return written ? [{ key, property, written }] : [];
    },
  );
  if (numeric.length === 0) return validate;

  const checked: Validate = (data, context) => {
    const values = data as Record<string, unknown> | null;
    for (const { key, property, written } of numeric) {
      const value = values?.[key];
      if (typeof value === "string" && !written.test(value)) {
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

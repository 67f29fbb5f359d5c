// Turns a schema validation error into a sentence a person can act on:
// "Profession must be at most 200 characters" rather than AJV's wording.
import { ERROR_MESSAGES } from "@cpd/contract";

export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  /** The failed keyword's value and the schema holding it (ajv's verbose mode). */
  schema?: unknown;
  parentSchema?: Record<string, unknown>;
}

/**
 * The message for a failed validation: its first error, except that a value outside a union of
 * literals (TypeBox's enum) lists the allowed values instead of AJV's "must be equal to constant".
 */
export function firstValidationMessage(errors: SchemaError[], dataVar: string): string {
  const first = errors[0];
  const union = errors.find((e) => e.keyword === "anyOf" && e.instancePath === first?.instancePath);
  const branches = union?.schema;
  if (first && Array.isArray(branches) && branches.every((b) => b && typeof b === "object" && "const" in b)) {
    const allowedValues = branches.map((b: { const: unknown }) => b.const);
    return validationMessage({ ...first, keyword: "enum", params: { allowedValues } }, dataVar);
  }
  return validationMessage(first, dataVar);
}

const humanise = (name: string) => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** JSON Schema's type names as a sentence says them; AJV joins a list of types with commas. */
const TYPE_WORDS: Record<string, string> = {
  string: "text",
  integer: "a whole number",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  null: "null",
};
const typeInWords = (types: string) =>
  types
    .split(",")
    .map((t) => TYPE_WORDS[t] ?? t)
    .join(" or ");

export function validationMessage(error: SchemaError | undefined, dataVar: string): string {
  if (!error) return "The request is not valid";
  const own = (error.parentSchema?.[ERROR_MESSAGES] as Record<string, string> | undefined)?.[error.keyword];
  if (own) return own;
  const segments = error.instancePath.split("/").filter(Boolean);
  const last = [...segments].reverse().find((s) => !/^\d+$/.test(s));
  const field = error.keyword === "required" ? String(error.params.missingProperty) : last;
  const subject = field ? humanise(field) : dataVar === "body" ? "The request body" : humanise(dataVar);
  switch (error.keyword) {
    case "required":
      return `${subject} is required`;
    case "maxLength":
      return `${subject} must be at most ${error.params.limit} characters`;
    case "minLength":
      return Number(error.params.limit) === 1
        ? `${subject} must not be empty`
        : `${subject} must be at least ${error.params.limit} characters`;
    case "maxItems":
      return `${subject} can have at most ${error.params.limit} items`;
    case "maximum":
      return `${subject} must be at most ${error.params.limit}`;
    case "minimum":
      return `${subject} must be at least ${error.params.limit}`;
    case "format":
      return error.params.format === "date"
        ? `${subject} must be a date (YYYY-MM-DD)`
        : `${subject} must be a valid ${error.params.format}`;
    case "enum":
      return `${subject} must be one of: ${(error.params.allowedValues as unknown[]).join(", ")}`;
    case "pattern":
      return `${subject} is not in the expected format`;
    case "type":
      return `${subject} must be ${typeInWords(String(error.params.type))}`;
    default:
      return `${subject} ${error.message ?? "is not valid"}`;
  }
}

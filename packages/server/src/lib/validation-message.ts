// Turns a schema validation error into a sentence a person can act on:
// "Profession must be at most 200 characters" rather than AJV's wording.
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const humanise = (name: string) => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function validationMessage(error: SchemaError | undefined, dataVar: string): string {
  if (!error) return "The request is not valid";
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
    case "pattern":
      return `${subject} is not in the expected format`;
    case "type":
      return `${subject} must be ${error.params.type === "array" ? "a list" : error.params.type === "object" ? "an object" : `a ${error.params.type}`}`;
    default:
      return `${subject} ${error.message ?? "is not valid"}`;
  }
}

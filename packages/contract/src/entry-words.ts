// The words and the blank rule of an entry form, shared by the server (which refuses a bad
// answer) and the SPA (which warns before sending): one wording, so the two never drift.
import type { EntryType } from "./forms.js";

/** An answer counts as blank when missing, an empty list or only spaces. */
export const isBlank = (v: string | string[] | undefined) =>
  v === undefined || (Array.isArray(v) ? v.length === 0 : v.trim() === "");

/** What a refused answer says; `name` is the item's title. */
export const FORM_MESSAGES = {
  required: (name: string) => `The ${name} field is not provided`,
  shape: (name: string, many: boolean) => `The ${name} field must be ${many ? "a list" : "a single value"}`,
  option: (value: string, name: string) => `"${value}" is not an option of the ${name} field`,
  tooLong: (name: string, max: number) => `The ${name} field must be at most ${max} characters`,
  date: (name: string) => `The ${name} field must be a date (YYYY-MM-DD)`,
  reminderInPast: "The reminder date cannot be in the past",
  hours: (name: string) => `The ${name} field must be a number of hours, such as 1.5`,
  url: (name: string) => `The ${name} field must be a web address starting with http(s)://`,
  checkbox: (name: string) => `The ${name} field must be '1' or '0'`,
} as const;

/** An entry type's name in lists, filters and headings. */
export const ENTRY_TYPE_LABELS: Record<EntryType, string> = {
  diary: "Diary",
  reflection: "Reflection",
  supervision: "Supervision",
};

/** An entry type's name in the PDFs (an entry's own, the portfolio, the HCPC pack). */
export const ENTRY_TYPE_DOCUMENT_LABELS: Record<EntryType, string> = {
  diary: "CPD diary entry",
  reflection: "Reflective entry",
  supervision: "Supervision record",
};

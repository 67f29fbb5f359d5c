// The checks of additional profile fields: an organisation's definitions, and a member's
// answers against them (type, options, length, required). Pure.
import {
  type AdditionalField,
  type AdditionalFieldGroup,
  type AdditionalFieldValue,
  ADDITIONAL_FIELD_LIMITS as L,
  ADDITIONAL_FIELD_MESSAGES as M,
} from "@cpd/contract";
import { badRequest } from "../../lib/errors.js";

/** Field ids unique across groups; pick-lists with options, texts without; options unique. */
export function checkDefinitions(groups: AdditionalFieldGroup[]): AdditionalFieldGroup[] {
  const ids = new Set<string>();
  return groups.map((g) => {
    const title = g.title.trim();
    if (!title) throw badRequest("Every group needs a title", "VALIDATION_ERROR");
    return {
      title,
      fields: g.fields.map((f) => {
        if (ids.has(f.fieldId))
          throw badRequest(`The field id ${f.fieldId} is used twice`, "DUPLICATE_FIELD_ID");
        ids.add(f.fieldId);
        const fieldTitle = f.title.trim();
        if (!fieldTitle) throw badRequest("Every field needs a title", "VALIDATION_ERROR");
        const values = f.values.map((v) => v.trim());
        const picks = f.type === "Dropdown" || f.type === "List";
        if (picks && values.length === 0) {
          throw badRequest(`${fieldTitle} needs at least one option`, "VALIDATION_ERROR");
        }
        if (!picks && values.length > 0) {
          throw badRequest(`${fieldTitle} is a text field and takes no options`, "VALIDATION_ERROR");
        }
        if (values.some((v) => !v) || new Set(values).size !== values.length) {
          throw badRequest(`${fieldTitle} has an empty or repeated option`, "DUPLICATE_ITEM");
        }
        return { ...f, title: fieldTitle, values, help: f.help.trim() };
      }),
    };
  });
}

const fieldsOf = (groups: AdditionalFieldGroup[]) =>
  new Map<string, AdditionalField>(groups.flatMap((g) => g.fields.map((f) => [f.fieldId, f] as const)));

const isEmpty = (v: AdditionalFieldValue["value"]) => (Array.isArray(v) ? v.length === 0 : v.trim() === "");

/** A member's answers checked against the definitions; empty answers are dropped (cleared). */
export function checkValues(
  groups: AdditionalFieldGroup[],
  values: AdditionalFieldValue[],
): AdditionalFieldValue[] {
  const fields = fieldsOf(groups);
  const given = new Map<string, AdditionalFieldValue["value"]>();
  for (const { fieldId, value } of values) {
    const f = fields.get(fieldId);
    if (!f) throw badRequest(M.unknown, "FIELD_NOT_FOUND");
    if (given.has(fieldId)) throw badRequest(`${f.title} is answered twice`, "VALIDATION_ERROR");
    given.set(fieldId, checkOne(f, value));
  }
  for (const f of fields.values()) {
    const v = given.get(f.fieldId);
    if (f.required && (v === undefined || isEmpty(v)))
      throw badRequest(M.required(f.title), "FIELD_REQUIRED");
  }
  return [...given].filter(([, v]) => !isEmpty(v)).map(([fieldId, value]) => ({ fieldId, value }));
}

function checkOne(f: AdditionalField, value: AdditionalFieldValue["value"]): AdditionalFieldValue["value"] {
  if (f.type === "List") {
    if (!Array.isArray(value)) throw badRequest(`${f.title} takes a list of its options`, "FIELD_TYPE");
    if (new Set(value).size !== value.length || value.some((v) => !f.values.includes(v))) {
      throw badRequest(M.option(f.title), "FIELD_OPTION");
    }
    return value;
  }
  if (typeof value !== "string") throw badRequest(`${f.title} takes one value`, "FIELD_TYPE");
  if (f.type === "Dropdown") {
    if (value !== "" && !f.values.includes(value)) throw badRequest(M.option(f.title), "FIELD_OPTION");
    return value;
  }
  const text = value.trim();
  const max = f.type === "ShortText" ? L.ShortText : L.LongText;
  if (text.length > max) throw badRequest(M.tooLong(f.title, max), "FIELD_TOO_LONG");
  return text;
}

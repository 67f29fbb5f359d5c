// The body POST /entries/{identifier} takes, as a JSON Schema generated from the form definition
// (the same definition validateValues checks), so integrators need not read the SPA to write one.
import { ITEM_TYPES as T } from "@cpd/contract";
import { type FormDef, type ItemDef, withEntryOptions } from "./definitions.js";
import { allItems, type Options } from "./rules.js";

const TYPE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(T).map(([name, code]) => [code, name]),
);

/** Each item's JSON Schema, describing what validateValues accepts for it. */
function itemSchema(item: ItemDef, opts: Options): Record<string, unknown> {
  const choices = item.source ? opts.sourced[item.source] : item.values;
  const about = {
    title: item.title,
    ...(item.helpText ? { description: item.helpText } : {}),
    "x-item-type": TYPE_NAMES[item.type] ?? String(item.type),
  };
  switch (item.type) {
    case T.multiSelect:
      return { ...about, type: "array", items: { type: "string", ...(choices ? { enum: choices } : {}) } };
    case T.upload:
      return { ...about, type: "array", items: { type: "string", format: "uuid" }, description: "File ids" };
    case T.dropdown:
      return { ...about, type: "string", ...(choices ? { enum: choices } : {}) };
    case T.date:
      return { ...about, type: "string", format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$" };
    case T.number:
      return { ...about, type: "string", pattern: "^\\d+(\\.\\d+)?$", examples: ["1.5"] };
    case T.checkbox:
      return { ...about, type: "string", enum: ["1", "0"] };
    case T.url:
      return { ...about, type: "string", format: "uri", pattern: "^https?://" };
    default:
      return { ...about, type: "string", ...(item.maxLength ? { maxLength: item.maxLength } : {}) };
  }
}

export function formJsonSchema(def: FormDef, opts: Options) {
  const items = allItems(withEntryOptions(def, opts.entryOptions));
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: `${def.identifier} entry (form version ${def.version})`,
    description:
      "The flattened form: each item's identifier and its answer. Blank answers may be left out; keys " +
      "that are not items of this form are refused.",
    type: "object" as const,
    properties: Object.fromEntries(items.map((i) => [i.identifier, itemSchema(i, opts)])),
    required: items.filter((i) => i.required).map((i) => i.identifier),
    additionalProperties: false as const,
  };
}

// The current forms as fuzzing material: their item identifiers (for wild entry
// bodies) and a generator of plausible diary bodies (so creates reach the rules).
import { ITEM_TYPES as T } from "@cpd/contract";
import fc from "fast-check";
import { CURRENT_FORMS, type ItemDef, STANDARD_CATEGORIES } from "../../src/modules/forms/definitions.js";

export const allFormItems = (): string[] => [
  ...new Set(
    Object.values(CURRENT_FORMS).flatMap((f) => f.pages.flatMap((p) => p.items.map((i) => i.identifier))),
  ),
];

function itemValue(item: ItemDef): fc.Arbitrary<unknown> {
  // Reminders may not be in the past; other dates may be.
  const from = item.identifier.includes("Reminder") ? "2027-01-01" : "2020-01-01";
  const options = item.values ?? (item.source === "categories" ? STANDARD_CATEGORIES : undefined);
  switch (item.type) {
    case T.date:
      return fc
        .date({ min: new Date(from), max: new Date("2030-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case T.number:
      return fc.integer({ min: 0, max: 40 }).map((n) => String(n / 4));
    case T.dropdown:
      return options ? fc.constantFrom(...options) : fc.string({ maxLength: 20 });
    case T.multiSelect:
      return options ? fc.subarray(options) : fc.constant([]);
    case T.checkbox:
      return fc.constantFrom("true", "false");
    case T.url:
      return fc.webUrl();
    case T.upload:
      return fc.constant([]);
    default:
      return fc.string({ minLength: 1, maxLength: item.maxLength ?? 300 });
  }
}

/** A body of one of the forms whose items each hold a value of their type; optional items come and go. */
export const formBody = (): fc.Arbitrary<Record<string, unknown>> =>
  fc.oneof(
    ...Object.values(CURRENT_FORMS).map((form) => {
      const items = form.pages.flatMap((p) => p.items);
      const record = Object.fromEntries(items.map((i) => [i.identifier, itemValue(i)]));
      return fc.record(record, { requiredKeys: items.filter((i) => i.required).map((i) => i.identifier) });
    }),
  );

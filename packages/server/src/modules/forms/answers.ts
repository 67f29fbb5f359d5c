// An entry's answers as a reader sees them: the answered items under their form page's title,
// dates as DD/MM/YYYY and ticks as Yes/No. The printed entry's header already shows the title,
// date, hours and category, and evidence is listed on its own, so those items are left out.
import { ITEM_TYPES as T, ukDate } from "@cpd/contract";
import { ALL_ENTRY_OPTIONS, COLUMN_ITEMS, type FormDef, withEntryOptions } from "./definitions.js";
import type { Values } from "./rules.js";

const IN_HEADER = new Set<string>([
  ...COLUMN_ITEMS.title,
  ...COLUMN_ITEMS.date,
  ...COLUMN_ITEMS.hours,
  ...COLUMN_ITEMS.category,
  ...COLUMN_ITEMS.evidence,
]);

/** The answered items of an entry, grouped under its form's page titles. */
export function answeredSections(form: FormDef, values: Values) {
  // A saved answer to an entry option's item (KSF, ACP) prints whatever the setting is now.
  return withEntryOptions(form, ALL_ENTRY_OPTIONS)
    .pages.map((page) => ({
      title: page.title,
      items: page.items
        .filter((i) => i.type !== T.upload && !IN_HEADER.has(i.identifier))
        .flatMap((i) => {
          const v = values[i.identifier];
          if (v === undefined || (Array.isArray(v) ? v.length === 0 : v.trim() === "")) return [];
          const value =
            i.type === T.checkbox && !Array.isArray(v)
              ? v === "1"
                ? "Yes"
                : "No"
              : i.type === T.date && !Array.isArray(v)
                ? ukDate(v)
                : v;
          return [{ label: i.title, value }];
        }),
    }))
    .filter((s) => s.items.length > 0);
}

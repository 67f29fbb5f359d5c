// A Form (REQ-ENTRY-02) as editable values: item identifier -> string or list of strings.
import {
  type api,
  ENTRY_OPTION_FIELDS,
  FORM_MESSAGES,
  ITEM_TYPES,
  isBlank,
  type ResponseOf,
} from "@cpd/contract";

export type Form = ResponseOf<typeof api.diaryForm>;
export type FormPage = Form["pages"][number];
export type FormItem = FormPage["items"][number];
export type Values = Record<string, string | string[]>;

const LIST_TYPES: number[] = [ITEM_TYPES.multiSelect, ITEM_TYPES.upload];
const isListItem = (item: Pick<FormItem, "type">) => LIST_TYPES.includes(item.type);

/** Every page and sub-page, in order. */
function allPages(form: Form): Omit<FormPage, "subPages">[] {
  return form.pages.flatMap((p) => [p, ...p.subPages]);
}

const allItems = (form: Form) => allPages(form).flatMap((p) => p.items);

export function initialValues(form: Form): Values {
  const out: Values = {};
  for (const item of allItems(form)) {
    const v = item.value;
    if (isListItem(item)) out[item.identifier] = Array.isArray(v) ? v : v ? [v] : [];
    else if (item.type === ITEM_TYPES.checkbox) out[item.identifier] = v === "1" ? "1" : "0";
    else out[item.identifier] = typeof v === "string" ? v : "";
  }
  return out;
}

/** An item with activators switches its pages on when ticked (checkbox) or answered. */
function isOn(item: FormItem, values: Values): boolean {
  const v = values[item.identifier];
  return item.type === ITEM_TYPES.checkbox ? v === "1" : !isBlank(v);
}

/** Pages that need activation show only while an item naming them is on. */
export function visiblePages(form: Form, values: Values): Omit<FormPage, "subPages">[] {
  const items = allItems(form);
  return allPages(form).filter(
    (page) =>
      !page.requiresActivation ||
      items.some((i) => (i.activators ?? []).includes(page.title) && isOn(i, values)) ||
      (page.activatedBy !== null && items.some((i) => i.identifier === page.activatedBy && isOn(i, values))),
  );
}

export const isRequired = (item: FormItem) => item.required || item.mandatory === true;

/** A required item left blank, with the message shown for it (REQ-ENTRY-03 wording). */
export interface MissingField {
  identifier: string;
  message: string;
}

/** REQ-ENTRY-03: every required item left blank, in page order. Hidden and disabled items do not count. */
export function missingFields(form: Form, values: Values): MissingField[] {
  return visiblePages(form, values).flatMap((page) =>
    page.items
      .filter((item) => item.visible !== false && !item.disabled)
      .filter((item) => isRequired(item) && isBlank(values[item.identifier]))
      .map((item) => ({ identifier: item.identifier, message: FORM_MESSAGES.required(item.title) })),
  );
}

/** The flattened form the API takes: trimmed strings, lists as lists; blanks left out. */
export function toBody(form: Form, values: Values): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const page of visiblePages(form, values)) {
    for (const item of page.items) {
      const v = values[item.identifier];
      if (v === undefined || isBlank(v)) continue;
      out[item.identifier] = Array.isArray(v) ? v : v.trim();
    }
  }
  return out;
}

/** Rich text counts as blank when it has no visible text ("<p></p>"). */
export function richTextIsEmpty(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .trim() === ""
  );
}

export function sameValues(a: Values, b: Values): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const x = a[k] ?? "";
    const y = b[k] ?? "";
    if (Array.isArray(x) || Array.isArray(y)) {
      const xs = Array.isArray(x) ? x : x ? [x] : [];
      const ys = Array.isArray(y) ? y : y ? [y] : [];
      if (xs.length !== ys.length || xs.some((v, i) => v !== ys[i])) return false;
    } else if (x !== y) return false;
  }
  return true;
}

/** The item holding the entry's title: Field222 in the diary, Field4 in the others (REQ-ENTRY-02). */
const TITLE_FIELDS = ["Field222", "Field4"] as const;
export function entryTitle(values: Values): string {
  for (const f of TITLE_FIELDS) {
    const v = values[f];
    if (typeof v === "string" && v.trim()) return v.trim();
  }
  return "";
}

const OPTION_ITEMS = new Set<string>(Object.values(ENTRY_OPTION_FIELDS).map((f) => f.identifier));

/**
 * The entry's percent complete as its answers stand: the share of the form's items answered,
 * ticks and the entry options' items (KSF, ACP) aside, as the server counts it (ADR 0019).
 */
export function percentComplete(form: Form, values: Values): number {
  const items = allItems(form).filter(
    (i) => i.type !== ITEM_TYPES.checkbox && !OPTION_ITEMS.has(i.identifier),
  );
  if (!items.length) return 100;
  const answered = items.filter((i) => !isBlank(values[i.identifier])).length;
  return Math.round((answered / items.length) * 100);
}

/** The items whose answers differ between two snapshots (what a save just stored). */
export function changedFields(before: Values, after: Values): string[] {
  return Object.keys(after).filter((k) => !sameValues({ v: before[k] ?? "" }, { v: after[k] ?? "" }));
}

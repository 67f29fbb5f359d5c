// Validation and derived columns of a submitted entry (REQ-ENTRY-02..05), as pure
// functions of the form definition, the answers and today's date.
import { isBlank, FORM_MESSAGES as M, ITEM_TYPES as T } from "@cpd/contract";
import type { Prisma } from "../../generated/prisma/client.js";
import { type IsoDate, toDateColumn } from "../../lib/dates.js";
import { badRequest } from "../../lib/errors.js";
import {
  COLUMN_ITEMS,
  type EntryOptions,
  type FormDef,
  type ItemDef,
  isEntryOptionItem,
  withEntryOptions,
} from "./definitions.js";

export type Values = Record<string, string | string[]>;

export interface Options {
  /** Options of items whose choices depend on the user (categories, standards). */
  sourced: Record<NonNullable<ItemDef["source"]>, string[]>;
  /** The organisation's tags, offered on the form (not a rule: members may use others). */
  suggestedTags?: string[];
  today: IsoDate;
  /** The user's entry options (KSF, ACP): the items they add; none when absent (ADR 0019). */
  entryOptions?: EntryOptions;
}

const isIsoDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
};

export const allItems = (def: FormDef) => def.pages.flatMap((p) => p.items);

/**
 * Checks the answers and returns them cleaned (trimmed); a key that is not an item is refused.
 * The items of the entry options that are on are checked too; an answer to one that is off is
 * kept from `previous` (the stored answers), so hiding a field never deletes what it held.
 */
export function validateValues(form: FormDef, input: Values, opts: Options, previous?: Values): Values {
  const def = withEntryOptions(form, opts.entryOptions);
  const known = new Set(allItems(def).map((i) => i.identifier));
  const unknown = Object.keys(input).filter((k) => !known.has(k));
  if (unknown.length) {
    const listed = unknown.slice(0, 5).join(", ") + (unknown.length > 5 ? ", ..." : "");
    throw badRequest(
      `Unknown field${unknown.length > 1 ? "s" : ""} for the ${def.identifier} form: ${listed}`,
      "UNKNOWN_FIELD",
    );
  }
  const out: Values = {};
  for (const item of allItems(def)) {
    const raw = input[item.identifier];
    const name = item.title;
    if (isBlank(raw)) {
      if (item.required) throw badRequest(M.required(name), "FIELD_REQUIRED");
      continue;
    }
    const many = item.type === T.multiSelect || item.type === T.upload;
    if (many !== Array.isArray(raw)) {
      throw badRequest(M.shape(name, many), "FIELD_TYPE");
    }
    const choices = item.source ? opts.sourced[item.source] : item.values;
    if (Array.isArray(raw)) {
      const list = [...new Set(raw.map((v) => v.trim()).filter(Boolean))];
      if (item.type === T.multiSelect && choices) {
        const bad = list.find((v) => !choices.includes(v));
        if (bad) throw badRequest(M.option(bad, name), "FIELD_OPTION");
      }
      out[item.identifier] = list;
      continue;
    }
    const v = (raw as string).trim();
    if (item.maxLength && v.length > item.maxLength) {
      throw badRequest(M.tooLong(name, item.maxLength), "FIELD_TOO_LONG");
    }
    switch (item.type) {
      case T.date:
        if (!isIsoDate(v)) throw badRequest(M.date(name), "FIELD_DATE");
        if (item.identifier === COLUMN_ITEMS.reminderDate[0] && v < opts.today) {
          throw badRequest(M.reminderInPast, "REMINDER_IN_PAST");
        }
        break;
      case T.number: {
        const n = Number(v);
        if (!/^\d+(\.\d+)?$/.test(v) || !Number.isFinite(n) || n > 9999) {
          throw badRequest(M.hours(name), "FIELD_NUMBER");
        }
        break;
      }
      case T.url:
        if (!/^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v)) {
          throw badRequest(M.url(name), "FIELD_URL");
        }
        break;
      case T.checkbox:
        if (v !== "1" && v !== "0") throw badRequest(M.checkbox(name), "FIELD_CHECKBOX");
        break;
      case T.dropdown:
        if (choices && !choices.includes(v)) throw badRequest(M.option(v, name), "FIELD_OPTION");
        break;
    }
    out[item.identifier] = v;
  }
  for (const [id, v] of Object.entries(previous ?? {})) {
    if (isEntryOptionItem(id) && !known.has(id) && !isBlank(v)) out[id] = v;
  }
  return out;
}

/** Share of the form's items answered: 1 complete, 2 partial (at least half), 3 incomplete. */
export function completeness(def: FormDef, values: Values) {
  const items = allItems(def).filter((i) => i.type !== T.checkbox);
  const answered = items.filter((i) => !isBlank(values[i.identifier])).length;
  const percentage = items.length ? Math.round((answered / items.length) * 100) / 100 : 1;
  return {
    completeness: percentage >= 1 ? 1 : percentage >= 0.5 ? 2 : 3,
    completenessPercentage: percentage,
  };
}

const first = (values: Values, ids: readonly string[]) => {
  for (const id of ids) {
    const v = values[id];
    if (typeof v === "string" && v) return v;
  }
  return null;
};

/** The indexed columns derived from the answers. */
export function columns(values: Values) {
  const list = (ids: readonly string[]) =>
    ids.flatMap((id) => (Array.isArray(values[id]) ? (values[id] as string[]) : []));
  // An untitled supervision record is listed by who it was with.
  const other = typeof values.OtherPartyName === "string" ? values.OtherPartyName : "";
  const title = first(values, COLUMN_ITEMS.title) ?? (other ? `Supervision with ${other}` : "");
  const description = first(values, COLUMN_ITEMS.description);
  const hours = first(values, COLUMN_ITEMS.hours);
  return {
    title,
    date: first(values, COLUMN_ITEMS.date),
    hours: hours === null ? null : Number(hours),
    category: first(values, COLUMN_ITEMS.category),
    activityType: first(values, COLUMN_ITEMS.activityType),
    description,
    website: first(values, COLUMN_ITEMS.website),
    standards: list(COLUMN_ITEMS.standards),
    reminderDate: first(values, COLUMN_ITEMS.reminderDate),
    evidence: list(COLUMN_ITEMS.evidence),
    searchText: `${title} ${description ?? ""}`.toLowerCase().trim(),
  };
}

const EVIDENCE = COLUMN_ITEMS.evidence[0];

/**
 * The answers as stored: without the evidence list, whose one source of truth
 * is `files.entry_id` (the entry's files are its evidence).
 */
export function withoutEvidence(values: Values): Values {
  const { [EVIDENCE]: _evidence, ...rest } = values;
  return rest;
}

/** The answers as the form shows them: the evidence item lists the entry's files, oldest first. */
export function withEvidence(values: Values, fileIds: string[]): Values {
  const rest = withoutEvidence(values);
  return fileIds.length ? { ...rest, [EVIDENCE]: fileIds } : rest;
}

/**
 * The stored row of an entry: the answers (evidence aside) and every column
 * derived from them. `values` still holds the evidence the save attaches, so
 * completeness counts it as an answered item.
 */
export function entryRow(def: FormDef, values: Values) {
  const c = columns(values);
  return {
    values: withoutEvidence(values) as Prisma.InputJsonValue,
    title: c.title,
    date: toDateColumn(c.date),
    hours: c.hours,
    category: c.category,
    activityType: c.activityType,
    description: c.description,
    website: c.website,
    standards: c.standards,
    reminderDate: toDateColumn(c.reminderDate),
    searchText: c.searchText,
    ...completeness(def, values),
  };
}

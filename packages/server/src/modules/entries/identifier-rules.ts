// The patient-identifier findings of an entry (REQ-IDENT-02/03, ADR 0029) as pure functions of its
// stored answers: every text the writer typed is scanned by the contract's detector, each finding
// named by the form item it is in, and those the writer marked "not a patient identifier" (a
// SHA-256 of the text's resolution key, never the text) left out.
import { createHash } from "node:crypto";
import {
  findIdentifiers,
  type IdentifierOptions,
  ITEM_TYPES,
  type RecordFinding,
  resolutionKey,
} from "@cpd/contract";
import { parseRichText } from "../../lib/pdf/rich-text-parse.js";
import { ALL_ENTRY_OPTIONS, COLUMN_ITEMS, type FormDef, withEntryOptions } from "../forms/definitions.js";
import { allItems, type Values } from "../forms/rules.js";

/** The stored text of a resolution: lower-case hex SHA-256 of the resolution key. */
export const resolutionHash = (text: string) =>
  createHash("sha256").update(resolutionKey(text), "utf8").digest("hex");

/** The items whose answers the writer types; choices, dates, numbers and files are not scanned. */
const WRITTEN = new Set<number>([ITEM_TYPES.text, ITEM_TYPES.longText, ITEM_TYPES.url]);

/** A long-text answer's text content (ADR 0023's parser): paragraphs joined by a line break. */
export function plainText(value: string): string {
  return parseRichText(value)
    .map((block) => block.runs.map((r) => r.text).join(""))
    .join("\n");
}

/** What an entry's findings are read from: its answers and its title and description columns. */
export interface FindingSource {
  values: unknown;
  title: string;
  description: string | null;
}

/** A finding and the hash its resolution would be stored under. */
export interface ScannedFinding extends RecordFinding {
  hash: string;
}

function scan(field: string, text: string, own: IdentifierOptions): ScannedFinding[] {
  return findIdentifiers(text, own).map((f) => ({
    field,
    ...f,
    hash: resolutionHash(text.slice(f.start, f.end)),
  }));
}

const asValues = (v: unknown): Values =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Values) : {};

/**
 * Every finding in an entry, resolved or not, in form order. An answer is named by its item's key;
 * the title and description columns are scanned as "title" and "description" only when no answer
 * holds them (an entry whose columns were written without the form).
 */
export function scanEntry(def: FormDef, entry: FindingSource, own: IdentifierOptions): ScannedFinding[] {
  const values = asValues(entry.values);
  const out: ScannedFinding[] = [];
  const answers: string[] = [];
  for (const item of allItems(withEntryOptions(def, ALL_ENTRY_OPTIONS))) {
    const v = values[item.identifier];
    if (typeof v !== "string" || !v || !WRITTEN.has(item.type)) continue;
    answers.push(v);
    out.push(...scan(item.identifier, item.type === ITEM_TYPES.longText ? plainText(v) : v, own));
  }
  const other = typeof values.OtherPartyName === "string" ? values.OtherPartyName : "";
  const derivedTitle = (t: string) =>
    answers.includes(t) ||
    COLUMN_ITEMS.title.some((id) => values[id] === t) ||
    t === `Supervision with ${other}`;
  if (entry.title && !derivedTitle(entry.title)) out.push(...scan("title", entry.title, own));
  const d = entry.description;
  if (d && !answers.includes(d)) out.push(...scan("description", plainText(d), own));
  return out;
}

/** The findings not marked as "not a patient identifier", without their hashes. */
export function unresolved(findings: ScannedFinding[], resolved: ReadonlySet<string>): RecordFinding[] {
  return findings.filter((f) => !resolved.has(f.hash)).map(({ hash: _hash, ...f }) => f);
}

// A form's answers as plain text, for the reviewee's read-only copy of the record. Rich text
// arrives as HTML written by someone else: it is turned into text (an inert parse, nothing runs or
// loads), never rendered as HTML.
import { ITEM_TYPES, ukDate } from "@cpd/contract";
import type { FormItem } from "../forms";

const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi;

function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(BLOCK_END, "$&\n"), "text/html");
  return (doc.body.textContent ?? "").replace(/\n{3,}/g, "\n\n").trim();
}

/** The answer of a non-file item as text; "" when unanswered. */
export function answerText(item: FormItem, value: string | string[]): string {
  if (Array.isArray(value)) return value.join(", ");
  switch (item.type) {
    case ITEM_TYPES.checkbox:
      return value === "1" ? "Yes" : "No";
    case ITEM_TYPES.date:
      return ukDate(value);
    case ITEM_TYPES.longText:
      return htmlToText(value);
    default:
      return value.trim();
  }
}

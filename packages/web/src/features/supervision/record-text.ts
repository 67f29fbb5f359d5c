// A form's answers as plain text, for the reviewee's read-only copy of the record (rich text as
// text: lib/html-text.ts).
import { ITEM_TYPES, ukDate } from "@cpd/contract";
import { htmlToText } from "../../lib/html-text";
import type { FormItem } from "../forms";

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

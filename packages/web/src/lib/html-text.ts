// Rich text written by someone else arrives as HTML: shown to a guest as plain text (an inert
// parse, nothing runs or loads), never rendered as HTML. Used by the supervision reviewee's and
// the attester's read-only copies of records.
const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi;

export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(BLOCK_END, "$&\n"), "text/html");
  return (doc.body.textContent ?? "").replace(/\n{3,}/g, "\n\n").trim();
}

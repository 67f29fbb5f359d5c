// Judges an upload's type by its first bytes, never by the declared type or the
// name (the name only tells apart formats that share a container: Office files,
// whose container is then checked in full by upload-checks.ts).
import { INLINE_IMAGE_TYPES } from "@cpd/contract";

const starts = (b: Buffer, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, text: string, at = 0) => starts(b, [...Buffer.from(text, "latin1")], at);

/** How many bytes of an upload are read before its type is judged. */
export const SNIFF_BYTES = 1445; // the WHATWG MIME-sniffing "resource header" length

export const OFFICE_TYPES: Record<string, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

export const extensionOf = (filename: string) =>
  filename.includes(".") ? (filename.toLowerCase().split(".").pop() ?? "") : "";

export function sniffFileType(head: Buffer, filename: string): string | null {
  const ext = extensionOf(filename);
  if (starts(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (ascii(head, "GIF87a") || ascii(head, "GIF89a")) return "image/gif";
  if (ascii(head, "BM") && head.length >= 14) return "image/bmp";
  if (ascii(head, "RIFF") && ascii(head, "WEBP", 8)) return "image/webp";
  if (ascii(head, "%PDF-")) return "application/pdf";
  // A ZIP local file header: an Office document only if the name says so and
  // its central directory (checked once the whole file has passed) agrees.
  if (starts(head, [0x50, 0x4b, 0x03, 0x04])) return OFFICE_TYPES[ext] ?? null;
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return ext === "doc" ? "application/msword" : null;
  if (ext === "txt" && isPlainText(head)) return "text/plain";
  return null;
}

/** UTF-8 (BOM allowed) without NUL bytes that a browser would not take for HTML or XML. */
function isPlainText(head: Buffer) {
  if (head.length === 0 || head.includes(0)) return false;
  try {
    // Streaming mode: a character cut at the end of the head is judged with the rest of the body.
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
  } catch {
    return false;
  }
  return !looksLikeMarkup(head);
}

// WHATWG MIME Sniffing §7.1 "identifying a resource with an unknown MIME type":
// the HTML tags it looks for, plus SVG/MathML and a few more that run script.
const MARKUP_TAGS = [
  "html",
  "head",
  "script",
  "iframe",
  "h1",
  "div",
  "font",
  "table",
  "a",
  "style",
  "title",
  "b",
  "body",
  "br",
  "p",
  "svg",
  "math",
  "object",
  "embed",
  "img",
  "meta",
  "link",
  "form",
];
const WHITESPACE = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20]);
// The spec's tag-terminating bytes are space and ">"; other whitespace and "/" end a tag too.
const TAG_END = new Set([...WHITESPACE, 0x3e, 0x2f]);

/** Whether the text starts (after a BOM and whitespace) the way HTML, XML or SVG does. */
export function looksLikeMarkup(head: Buffer): boolean {
  let i = starts(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < head.length && WHITESPACE.has(head[i] as number)) i++;
  if (head[i] !== 0x3c) return false; // "<"
  const rest = head.toString("latin1", i + 1, i + 16).toLowerCase();
  if (rest.startsWith("!doctype") || rest.startsWith("!--") || rest.startsWith("?xml")) return true;
  return MARKUP_TAGS.some((tag) => {
    if (!rest.startsWith(tag)) return false;
    const after = head[i + 1 + tag.length];
    return after === undefined || TAG_END.has(after);
  });
}

// C0 and C1 controls, DEL, and the invisible format characters that reorder or
// hide text (bidi marks, embeddings, overrides and isolates, zero-width
// characters, word joiners, line/paragraph separators, the BOM, interlinear marks).
const HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;

/** Cuts to at most `max` UTF-16 units without splitting a surrogate pair. */
const cut = (s: string, max: number) => {
  const out = s.slice(0, max);
  return /[\ud800-\udbff]$/.test(out) ? out.slice(0, -1) : out;
};

/**
 * A display name without paths, control or invisible format characters, at
 * most 255 characters, never empty: a name left with only an extension
 * becomes "file.<ext>", and an empty one "file".
 */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(HIDDEN, "").trim();
  if (!clean) return "file";
  if (/^\.[^.]*$/.test(clean)) return cut(`file${clean}`, 255);
  return cut(clean, 255);
}

/** Content-Disposition that cannot be broken by the name (RFC 6266 / 5987). */
export function contentDisposition(filename: string, inline: boolean): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Shown in the browser: raster images only. Anything else, PDFs included, is downloaded. */
export const INLINE_TYPES: ReadonlySet<string> = new Set(INLINE_IMAGE_TYPES);

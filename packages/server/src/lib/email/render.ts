// Every e-mail is one list of blocks, rendered twice from that one source: to plain text and to
// accessible HTML (escaped, inline styles, a language, one plain column). Templates live in each
// module's emails.ts and say only what to write (docs/decisions/0017-email-rendering.md).
import type { Mail } from "../mailer.js";

/** A piece of a line: words, a code to type in (shown larger), or an address shown as itself. */
type Inline = string | { code: string } | { url: string };

/** A line of text: plain words, or words with codes and addresses among them. */
type Line = string | readonly Inline[];

type Block =
  | { kind: "heading"; text: Line }
  | { kind: "paragraph"; text: Line }
  /** The e-mail's action: a button in HTML, the address on its own line in text. */
  | { kind: "button"; href: string; label: string }
  /** A code to type in, on its own line. */
  | { kind: "code"; text: string }
  /** Items each on their own line in text (no bullets: the wording is the items'). */
  | { kind: "list"; items: readonly Line[] }
  /** Small print: what to do if the message was not expected. */
  | { kind: "small"; text: Line };

interface Email {
  to: string;
  subject: string;
  blocks: readonly Block[];
  attachments?: Mail["attachments"];
}

export const heading = (text: Line): Block => ({ kind: "heading", text });
export const paragraph = (text: Line): Block => ({ kind: "paragraph", text });
export const button = (href: string, label: string): Block => ({ kind: "button", href, label });
export const code = (text: string): Block => ({ kind: "code", text });
export const list = (items: readonly Line[]): Block => ({ kind: "list", items });
export const small = (text: Line): Block => ({ kind: "small", text });

/** An e-mail's first line: "Hello Ann," or, without a first name, "Hello,". */
export const greeting = (firstName: string | null | undefined) =>
  paragraph(firstName ? `Hello ${firstName},` : "Hello,");

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
/** Text (names, links) placed in HTML. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

const inlines = (line: Line): readonly Inline[] => (typeof line === "string" ? [line] : line);

// ---- Plain text ----

const lineText = (line: Line) =>
  inlines(line)
    .map((i) => (typeof i === "string" ? i : "code" in i ? i.code : i.url))
    .join("");

function blockText(b: Block): string {
  switch (b.kind) {
    case "button":
      return b.href;
    case "code":
      return b.text;
    case "list":
      return b.items.map(lineText).join("\n\n");
    default:
      return lineText(b.text);
  }
}

/** Blocks as plain text: one paragraph each, a blank line between, a newline at the end. */
const renderText = (blocks: readonly Block[]) => `${blocks.map(blockText).join("\n\n")}\n`;

// ---- HTML ----

// System fonts, dark grey on white (contrast over 12:1), a 16px body; the small print stays above 7:1.
const FONT = "font-family:Arial,Helvetica,sans-serif";
const STYLE = {
  body: "margin:0;padding:0;background-color:#f3f4f6",
  main: `max-width:600px;margin:0 auto;padding:24px;background-color:#ffffff;color:#1f2937;${FONT};font-size:16px;line-height:1.5;overflow-wrap:break-word`,
  heading: "margin:0 0 16px;font-size:22px;line-height:1.3;color:#111827",
  paragraph: "margin:0 0 16px",
  button:
    "display:inline-block;padding:12px 20px;background-color:#1d4ed8;color:#ffffff;font-weight:bold;text-decoration:none;border-radius:4px",
  code: "font-family:Consolas,Menlo,monospace;font-size:20px;font-weight:bold;letter-spacing:2px",
  url: "color:#1d4ed8;text-decoration:underline;word-break:break-all",
  list: "margin:0 0 16px;padding-left:24px",
  small: "margin:24px 0 0;font-size:14px;color:#4b5563",
};

const lineHtml = (line: Line) =>
  inlines(line)
    .map((i) => {
      if (typeof i === "string") return escapeHtml(i);
      if ("code" in i) return `<strong style="${STYLE.code}">${escapeHtml(i.code)}</strong>`;
      return `<a href="${escapeHtml(i.url)}" style="${STYLE.url}">${escapeHtml(i.url)}</a>`;
    })
    .join("");

function blockHtml(b: Block): string {
  switch (b.kind) {
    case "heading":
      return `<h1 style="${STYLE.heading}">${lineHtml(b.text)}</h1>`;
    case "paragraph":
      return `<p style="${STYLE.paragraph}">${lineHtml(b.text)}</p>`;
    case "button":
      return `<p style="${STYLE.paragraph}"><a href="${escapeHtml(b.href)}" style="${STYLE.button}">${escapeHtml(b.label)}</a></p>`;
    case "code":
      return `<p style="${STYLE.paragraph}"><strong style="${STYLE.code}">${escapeHtml(b.text)}</strong></p>`;
    case "list":
      return `<ul style="${STYLE.list}">${b.items.map((i) => `<li>${lineHtml(i)}</li>`).join("")}</ul>`;
    case "small":
      return `<p style="${STYLE.small}">${lineHtml(b.text)}</p>`;
  }
}

/** Blocks as a whole HTML document in British English, one block a line (readable diffs). */
function renderHtml(subject: string, blocks: readonly Block[]): string {
  return [
    "<!DOCTYPE html>",
    '<html lang="en-GB">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title>`,
    "</head>",
    `<body style="${STYLE.body}">`,
    `<div role="article" aria-label="${escapeHtml(subject)}" lang="en-GB" style="${STYLE.main}">`,
    ...blocks.map(blockHtml),
    "</div>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** The message to send: subject, text and HTML from the same blocks. */
export const renderEmail = (e: Email): Mail => ({
  to: e.to,
  subject: e.subject,
  text: renderText(e.blocks),
  html: renderHtml(e.subject, e.blocks),
  ...(e.attachments ? { attachments: e.attachments } : {}),
});

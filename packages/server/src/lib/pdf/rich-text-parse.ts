// The stored rich text of long-text answers (ADR 0023) parsed into paragraphs of styled runs. The
// SPA's editor writes a small HTML subset (<p style="text-align">, <strong>, <em>, <br>); the API
// also accepts underline, lists and links, and plain text with line breaks. A one-pass tokenizer,
// never a browser parser: unknown tags print their text, <script>/<style> bodies are dropped,
// nothing is fetched or run, and every step is linear in the input, so hostile text (NUL bytes,
// lone surrogates, thousands of nested tags) cannot crash or stall the PDF worker.

export type Align = "left" | "center" | "right" | "justify";

interface RichRun {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  /** An http(s) or mailto address; other schemes print as text only. */
  link: string | null;
}

export interface RichBlock {
  align: Align;
  /** List nesting: 0 outside lists. */
  level: number;
  /** "•" or "3." on a list item's first paragraph. */
  marker: string | null;
  /** Text with "\n" for line breaks; no runs = an empty line. */
  runs: RichRun[];
  /** A list item (no paragraph gap before it). */
  item: boolean;
}

type Style = Omit<RichRun, "text">;

/** Open elements kept on the stack; deeper ones still print their text, with the outer style. */
const MAX_DEPTH = 64;
const MAX_LEVEL = 6;
const BLOCKS = new Set(["p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "tr"]);
const SKIP = new Set(["script", "style", "head", "title", "template"]);
const VOID = new Set(["br", "img", "hr", "input", "meta", "link", "col", "wbr"]);
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
/** A tag that looks like one (plain text such as "a < b" is not HTML). */
const TAG_LIKE = /<\/?[a-z][a-z0-9]*(?:[\s/][^<>]*)?>/i;
const TAG = /<(\/?)([a-z][a-z0-9]*)([^<>]*)>/iy;

/** Removes NUL and other control bytes (keeps tab and line breaks) and mends lone surrogates. */
export function cleanText(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
      .replace(/\r\n?/g, "\n")
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd")
  );
}

const looksLikeHtml = (value: string) => TAG_LIKE.test(value);

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? whole;
    const cp =
      name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    const bad =
      !cp || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp < 0x09 || (cp > 0x0d && cp < 0x20);
    return bad ? "\ufffd" : String.fromCodePoint(cp);
  });
}

function attribute(attrs: string, name: string): string | null {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"']+))`, "i").exec(attrs);
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? "") : null;
}

function alignOf(attrs: string): Align | null {
  const style = attribute(attrs, "style") ?? "";
  const value = /text-align\s*:\s*(left|center|right|justify)/i.exec(style)?.[1] ?? attribute(attrs, "align");
  const a = value?.toLowerCase();
  return a === "left" || a === "center" || a === "right" || a === "justify" ? a : null;
}

/** Only addresses a reader can open safely become links. */
function safeLink(href: string | null): string | null {
  const h = href?.trim() ?? "";
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(h) && h.length <= 2000 ? h : null;
}

interface Frame {
  tag: string;
  style: Style;
  align: Align;
  level: number;
  /** Items written so far, on <ol>/<ul>. */
  list?: { ordered: boolean; count: number };
}

const PLAIN: Style = { bold: false, italic: false, underline: false, link: null };

/** Plain text: one paragraph whose line breaks stay as written. */
function plainBlocks(text: string): RichBlock[] {
  const trimmed = text.replace(/^\s*\n|\s+$/g, "");
  return trimmed
    ? [{ align: "left", level: 0, marker: null, item: false, runs: [{ ...PLAIN, text: trimmed }] }]
    : [];
}

/** The stored value as paragraphs of styled runs. */
export function parseRichText(value: string): RichBlock[] {
  const input = cleanText(value);
  if (!looksLikeHtml(input)) return plainBlocks(input);

  const blocks: RichBlock[] = [];
  const stack: Frame[] = [{ tag: "", style: PLAIN, align: "left", level: 0 }];
  let overflow = 0;
  // Assigned in the closures below (the cast stops TypeScript narrowing it to null).
  let block = null as RichBlock | null;
  let marker: string | null = null;
  let skipping: string | null = null;
  const top = () => stack[stack.length - 1] as Frame;

  const flush = (keepEmpty: boolean) => {
    if (block && (block.runs.length || keepEmpty || block.marker)) blocks.push(block);
    block = null;
  };
  const open = (align: Align | null) => {
    const f = top();
    block = { align: align ?? f.align, level: f.level, marker, item: marker !== null, runs: [] };
    marker = null;
  };
  const addText = (raw: string, style: Style) => {
    // HTML whitespace collapses; a line break is a <br>.
    let text = raw.replace(/\s+/g, " ");
    if (!block) {
      if (text.trim() === "") return;
      open(null);
    }
    const b = block as unknown as RichBlock;
    const last = b.runs[b.runs.length - 1];
    const atLineStart = !last || last.text.endsWith("\n");
    if (atLineStart) text = text.replace(/^ /, "");
    else if (last.text.endsWith(" ")) text = text.replace(/^ /, "");
    if (!text) return;
    if (
      last &&
      last.bold === style.bold &&
      last.italic === style.italic &&
      last.underline === style.underline &&
      last.link === style.link
    )
      last.text += text;
    else b.runs.push({ ...style, text });
  };

  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf("<", i);
    const end = lt === -1 ? input.length : lt;
    if (end > i && !skipping) addText(decodeEntities(input.slice(i, end)), top().style);
    if (lt === -1) break;
    if (input.startsWith("<!--", lt)) {
      const close = input.indexOf("-->", lt + 4);
      i = close === -1 ? input.length : close + 3;
      continue;
    }
    TAG.lastIndex = lt;
    const m = TAG.exec(input);
    if (!m) {
      if (!skipping) addText("<", top().style);
      i = lt + 1;
      continue;
    }
    i = TAG.lastIndex;
    const closing = m[1] === "/";
    const tag = (m[2] ?? "").toLowerCase();
    const attrs = m[3] ?? "";
    if (skipping) {
      if (closing && tag === skipping) skipping = null;
      continue;
    }
    if (SKIP.has(tag)) {
      if (!closing && !attrs.trimEnd().endsWith("/")) skipping = tag;
      continue;
    }
    if (tag === "br") {
      if (!block) open(null);
      const b = block as unknown as RichBlock;
      const last = b.runs[b.runs.length - 1];
      if (last) last.text = `${last.text.replace(/ $/, "")}\n`;
      else b.runs.push({ ...top().style, text: "\n" });
      continue;
    }
    if (VOID.has(tag)) continue;

    if (closing) {
      if (overflow > 0) {
        overflow--;
        continue;
      }
      let at = stack.length - 1;
      while (at > 0 && stack[at]?.tag !== tag) at--;
      if (at === 0) continue;
      const closesBlock = stack.slice(at).some((f) => BLOCKS.has(f.tag) || f.list);
      stack.length = at;
      if (closesBlock) flush(tag === "p" || tag === "div");
      continue;
    }

    const parent = top();
    const frame: Frame = { tag, style: parent.style, align: parent.align, level: parent.level };
    if (tag === "b" || tag === "strong") frame.style = { ...frame.style, bold: true };
    else if (tag === "i" || tag === "em") frame.style = { ...frame.style, italic: true };
    else if (tag === "u" || tag === "ins") frame.style = { ...frame.style, underline: true };
    else if (tag === "a") frame.style = { ...frame.style, link: safeLink(attribute(attrs, "href")) };
    else if (tag === "span") {
      const css = attribute(attrs, "style") ?? "";
      if (/font-weight\s*:\s*(bold|[6-9]00)/i.test(css)) frame.style = { ...frame.style, bold: true };
      if (/font-style\s*:\s*italic/i.test(css)) frame.style = { ...frame.style, italic: true };
      if (/text-decoration[a-z-]*\s*:[^;]*underline/i.test(css))
        frame.style = { ...frame.style, underline: true };
    } else if (tag === "ul" || tag === "ol") {
      flush(false);
      frame.level = Math.min(parent.level + 1, MAX_LEVEL);
      const start = Number(attribute(attrs, "start"));
      frame.list = { ordered: tag === "ol", count: Number.isSafeInteger(start) && start > 0 ? start - 1 : 0 };
    } else if (BLOCKS.has(tag)) {
      const align = alignOf(attrs);
      if (tag === "li") {
        flush(false);
        const list = [...stack].reverse().find((f) => f.list)?.list;
        if (list) list.count++;
        marker = list?.ordered ? `${list.count}.` : "•";
        frame.level = Math.max(parent.level, 1);
        open(align);
      } else if (block && !block.runs.length && block.marker) {
        // <li><p>…</p></li>, as the editor writes lists: the paragraph is the item's.
        if (align) block.align = align;
      } else {
        flush(false);
        open(align);
      }
      if (align) frame.align = align;
      if (/^h\d$/.test(tag)) frame.style = { ...frame.style, bold: true };
    }
    if (stack.length >= MAX_DEPTH) overflow++;
    else stack.push(frame);
  }
  flush(false);
  // Trailing empty paragraphs print nothing useful.
  while (blocks.length && !blocks[blocks.length - 1]?.runs.length && !blocks[blocks.length - 1]?.marker)
    blocks.pop();
  return blocks;
}

/** The text without formatting: paragraphs and line breaks as "\n", list items with their marker. */
export function richTextToPlain(value: string): string {
  return parseRichText(value)
    .map((b) => `${b.marker ? `${b.marker} ` : ""}${b.runs.map((r) => r.text).join("")}`)
    .join("\n")
    .trim();
}

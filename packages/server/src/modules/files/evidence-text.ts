// The text of an uploaded PDF or Word document, for the patient-identifier check (ADR 0031).
// Hostile input: every read is bounded (characters kept, XML inflated, time), and anything that
// cannot be read (damaged, encrypted, not what it claims) answers "failed" rather than throwing.
import type { Readable } from "node:stream";
import { EVIDENCE_TEXT_MAX_CHARS } from "@cpd/contract";
import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import yauzl from "yauzl";
import { OFFICE_TYPES } from "./sniff.js";

export const DOCX_TYPE = OFFICE_TYPES.docx;

/** The stored types whose text is read; images are not (ADR 0031). */
export const readsText = (contentType: string) =>
  contentType === "application/pdf" || contentType === DOCX_TYPE;

export interface ExtractLimits {
  /** Characters of text kept; the rest is not read. */
  maxChars: number;
  /** Wall-clock time for one file, after which what was read so far is checked. */
  timeoutMs: number;
}

const EXTRACT_LIMITS: ExtractLimits = { maxChars: EVIDENCE_TEXT_MAX_CHARS, timeoutMs: 30_000 };

/** `partial`: the text was cut at the limits; `failed`: nothing could be read. */
export type Extracted = { state: "done" | "partial"; text: string } | { state: "failed"; error: string };

/** Answers `value`, or rejects once `deadline` (ms since the epoch) has passed. */
async function before<T>(deadline: number, value: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([value, late]);
  } finally {
    clearTimeout(timer);
  }
}

class TimedOut extends Error {
  constructor() {
    super("text extraction timed out");
  }
}

const failed = (err: unknown): Extracted => ({
  state: "failed",
  error: err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 200) : "unreadable",
});

export async function extractText(
  bytes: Buffer,
  contentType: string,
  limits: ExtractLimits = EXTRACT_LIMITS,
): Promise<Extracted> {
  try {
    if (contentType === "application/pdf") return await pdfText(bytes, limits);
    if (contentType === DOCX_TYPE) return await docxText(bytes, limits);
    return { state: "failed", error: `not read: ${contentType}` };
  } catch (err) {
    return failed(err);
  }
}

/** Page by page with pdf.js (unpdf's build for servers: no worker thread, no fonts loaded). */
async function pdfText(bytes: Buffer, limits: ExtractLimits): Promise<Extracted> {
  // pdf.js is loaded on first use: its loading is not the file's time.
  await getResolvedPDFJS();
  const deadline = Date.now() + limits.timeoutMs;
  const pdf = await before(
    deadline,
    getDocumentProxy(new Uint8Array(bytes), {
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: 0,
    }),
  );
  const parts: string[] = [];
  let length = 0;
  let cut = false;
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      let content: Awaited<ReturnType<Awaited<ReturnType<typeof pdf.getPage>>["getTextContent"]>>;
      try {
        const page = await before(deadline, pdf.getPage(n));
        content = await before(deadline, page.getTextContent());
      } catch (err) {
        // Out of time after some pages: check what was read. A first page that cannot be read fails.
        if (err instanceof TimedOut && n > 1) {
          cut = true;
          break;
        }
        throw err;
      }
      for (const item of content.items) {
        if (!("str" in item)) continue;
        const piece = item.hasEOL ? `${item.str}\n` : item.str;
        parts.push(piece);
        length += piece.length;
      }
      parts.push("\n");
      length += 1;
      if (length >= limits.maxChars) {
        cut = true;
        break;
      }
    }
  } finally {
    void pdf.loadingTask.destroy().catch(() => undefined);
  }
  return keep(parts.join(""), limits.maxChars, cut);
}

function keep(text: string, maxChars: number, cut: boolean): Extracted {
  if (text.length > maxChars) return { state: "partial", text: text.slice(0, maxChars) };
  return { state: cut ? "partial" : "done", text };
}

// ---- Word documents --------------------------------------------------------------------------

/** The parts of a Word document that hold what its reader sees, the body first (ECMA-376 part 1). */
const WORD_PART = /^word\/(document|header[0-9]{0,3}|footer[0-9]{0,3}|footnotes|endnotes|comments)\.xml$/;
/** XML inflated from one document, in all: a ZIP bomb stops here. */
const WORD_XML_MAX_BYTES = 32 * 1024 * 1024;

const openZip = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    ),
  );

const openEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))),
  );

/** The Word parts' entries, in the ZIP's order. */
function wordEntries(zip: yauzl.ZipFile) {
  return new Promise<yauzl.Entry[]>((resolve, reject) => {
    const found: yauzl.Entry[] = [];
    zip.on("entry", (entry: yauzl.Entry) => {
      if (WORD_PART.test(entry.fileName)) found.push(entry);
      zip.readEntry();
    });
    zip.once("end", () => resolve(found));
    zip.once("error", reject);
    zip.readEntry();
  });
}

/** Up to `max` bytes of the stream as UTF-8, and whether there was more. */
async function readUpTo(stream: Readable, max: number): Promise<{ xml: string; cut: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const room = max - size;
    if (chunk.length >= room) {
      chunks.push(chunk.subarray(0, room));
      stream.destroy();
      return { xml: Buffer.concat(chunks).toString("utf8"), cut: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { xml: Buffer.concat(chunks).toString("utf8"), cut: false };
}

async function docxText(bytes: Buffer, limits: ExtractLimits): Promise<Extracted> {
  const deadline = Date.now() + limits.timeoutMs;
  const zip = await openZip(bytes);
  try {
    const entries = await before(deadline, wordEntries(zip));
    const body = entries.findIndex((e) => e.fileName === "word/document.xml");
    if (body < 0) return { state: "failed", error: "no word/document.xml" };
    const ordered = [entries[body] as yauzl.Entry, ...entries.filter((_, i) => i !== body)];
    const texts: string[] = [];
    let length = 0;
    let inflated = 0;
    let cut = false;
    for (const entry of ordered) {
      const stream = await openEntry(zip, entry);
      stream.on("error", () => undefined);
      let read: { xml: string; cut: boolean };
      try {
        read = await before(deadline, readUpTo(stream, WORD_XML_MAX_BYTES - inflated));
      } catch (err) {
        stream.destroy();
        if (err instanceof TimedOut && texts.length) {
          cut = true;
          break;
        }
        throw err;
      }
      inflated += Buffer.byteLength(read.xml);
      const part = wordXmlText(read.xml, limits.maxChars - length);
      texts.push(part.text);
      length += part.text.length + 1;
      if (read.cut || part.cut || length >= limits.maxChars) {
        cut = true;
        break;
      }
    }
    return keep(texts.join("\n"), limits.maxChars, cut);
  } finally {
    zip.close();
  }
}

const ENTITY = /&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(ENTITY, (_, e: string) => {
    if (e[0] !== "#") return NAMED[e] ?? "";
    const code = e[1] === "x" ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      ? String.fromCodePoint(code)
      : "\ufffd";
  });
}

const TAG_NAME = /^\/?([A-Za-z0-9_:.-]{1,64})/;

/**
 * The text a WordprocessingML part shows: runs' `w:t` text, tabs, breaks and one line per
 * paragraph, at most `max` characters. One pass from each "<" to its ">": linear in the XML,
 * whatever it holds (no regular expression runs over the markup).
 */
export function wordXmlText(xml: string, max: number): { text: string; cut: boolean } {
  const out: string[] = [];
  let length = 0;
  const add = (s: string) => {
    out.push(s);
    length += s.length;
  };
  let inText = false;
  let i = 0;
  while (i < xml.length && length < max) {
    const lt = xml.indexOf("<", i);
    if (lt === -1) break;
    if (inText && lt > i) add(decodeEntities(xml.slice(i, lt)));
    const gt = xml.indexOf(">", lt + 1);
    if (gt === -1) break;
    const tag = xml.slice(lt + 1, Math.min(gt, lt + 80));
    const name = TAG_NAME.exec(tag)?.[1];
    const closing = tag.startsWith("/");
    const empty = xml.charCodeAt(gt - 1) === 0x2f;
    if (name === "w:t") inText = !closing && !empty;
    else if (name === "w:tab" && !closing) add("\t");
    else if ((name === "w:br" || name === "w:cr") && !closing) add("\n");
    else if (name === "w:p" && (closing || empty)) add("\n");
    i = gt + 1;
  }
  const text = out.join("");
  return text.length > max
    ? { text: text.slice(0, max), cut: true }
    : { text, cut: length >= max && i < xml.length };
}

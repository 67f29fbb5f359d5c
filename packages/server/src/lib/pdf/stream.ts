// A buffered pdfkit document streamed to `out`: pages stay in memory until `draw` has finished, so
// contents page numbers and "Page N of M" footers can be written once the page count is known.
// Memory (docs/decisions/0037-portfolio-memory.md): a page left behind keeps its content as one
// buffer rather than pdfkit's one small buffer per operator, and at the end the pages are ended
// one at a time, waiting for `out` when it is behind, rather than the whole file queued at once.
// The bytes written are the same as pdfkit's own.
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { deflateSync } from "node:zlib";
import { createPdf } from "./fonts.js";

/** pdfkit's buffered pages (not in its typings): a page's content is a list of chunks until it ends. */
interface PageContent {
  buffer: Uint8Array[] | Buffer;
  compress: boolean;
  write(chunk: unknown): void;
}
interface BufferedPage {
  content: PageContent;
  end(): void;
}
interface PageBuffer {
  _pageBuffer: BufferedPage[];
  _pageBufferStart: number;
  endPageMarkings(page: BufferedPage): void;
}

/** Writes the operators a page's content has gathered as text (see `gather`) as one chunk. */
const pending = new WeakMap<PageContent, () => void>();

/**
 * pdfkit turns every operator it writes (a string) into a buffer of its own, `Buffer.from(op +
 * "\n", "binary")`: 150 small buffers a page, all kept until the document ends. The page's
 * operators are gathered as one string instead and become one buffer, in the same encoding,
 * when the page is left or ended; a buffer written (none are today) first writes what is gathered.
 */
function gather(content: PageContent) {
  const write = content.write.bind(content);
  let text = "";
  const flush = () => {
    if (!text) return;
    const chunk = Buffer.from(text, "latin1");
    text = "";
    write(chunk);
  };
  content.write = (chunk: unknown) => {
    if (chunk instanceof Uint8Array) {
      flush();
      write(chunk);
    } else text += `${chunk}\n`;
  };
  pending.set(content, flush);
}

/** The page's content as one buffer: pdfkit joins its chunks the same way when the page ends. */
function compact(page: BufferedPage | undefined) {
  if (!page) return;
  pending.get(page.content)?.();
  const chunks = page.content.buffer;
  if (Array.isArray(chunks) && chunks.length > 1) page.content.buffer = [Buffer.concat(chunks)];
}

/**
 * Compresses the page's content as pdfkit would when it ends (same zlib settings, so the same
 * bytes), with output chunks small enough to come from Node's shared buffer pool: zlib's default
 * 16 KB output buffer, which pdfkit keeps a slice of, held 16 KB per page until collected.
 */
function deflate(page: BufferedPage) {
  const content = page.content;
  pending.get(content)?.();
  if (!content.compress || !Array.isArray(content.buffer) || !content.buffer.length) return;
  content.buffer = [deflateSync(Buffer.concat(content.buffer), { chunkSize: DEFLATE_CHUNK })];
  content.compress = false; // its Filter is already FlateDecode
}
const DEFLATE_CHUNK = 4000;

/** Bytes queued for `out` above which ending pages waits for it to take them. */
const QUEUED_BYTES = 256 * 1024;

/**
 * pdfkit's flushPages, a page at a time: each page is ended (compressed and written) as it would
 * be in `doc.end()`, in the same order, so the file is the same; whenever `out` is behind, the
 * next page waits for it, so the finished file is not queued in memory all at once.
 */
async function flushPages(doc: PDFKit.PDFDocument, out: NodeJS.WritableStream) {
  const d = doc as unknown as PageBuffer;
  const source = doc as unknown as { readableLength: number };
  const sink = out as NodeJS.WritableStream & { writableNeedDrain?: boolean };
  const pages = d._pageBuffer;
  d._pageBuffer = [];
  d._pageBufferStart += pages.length;
  for (const page of pages) {
    d.endPageMarkings(page);
    deflate(page);
    page.end();
    if (source.readableLength > QUEUED_BYTES && sink.writableNeedDrain) await once(sink, "drain");
  }
}

/** Draws the document, ends it and waits until `out` has taken every byte; the page count. */
export async function streamPdf(
  out: NodeJS.WritableStream,
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => void | Promise<void>,
): Promise<{ pages: number }> {
  const doc = createPdf({ ...options, bufferPages: true });
  const ended = new Promise<void>((resolve, reject) => {
    doc.once("end", resolve);
    doc.once("error", reject);
  });
  // A page is compacted when it is left: for the next page, or for another (contents, furniture).
  const buffered = doc as unknown as PageBuffer;
  doc.on("pageAdded", () => {
    compact(buffered._pageBuffer[buffered._pageBuffer.length - 2]);
    gather((doc.page as unknown as BufferedPage).content);
  });
  const switchToPage = doc.switchToPage.bind(doc);
  doc.switchToPage = (n?: number) => {
    compact(doc.page as unknown as BufferedPage);
    return switchToPage(n);
  };
  doc.pipe(out);
  try {
    await draw(doc);
    const count = doc.bufferedPageRange().count;
    await flushPages(doc, out);
    doc.end();
    await Promise.all([ended, finished(out, { readable: false })]);
    return { pages: count };
  } catch (err) {
    doc.unpipe(out);
    throw err;
  }
}

// A buffered pdfkit document streamed to `out`: pages stay in memory until `draw` has finished, so
// contents page numbers and "Page N of M" footers can be written once the page count is known.
import { finished } from "node:stream/promises";
import { createPdf } from "./fonts.js";

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
  doc.pipe(out);
  try {
    await draw(doc);
    const pages = doc.bufferedPageRange().count;
    doc.end();
    await Promise.all([ended, finished(out, { readable: false })]);
    return { pages };
  } catch (err) {
    doc.unpipe(out);
    throw err;
  }
}

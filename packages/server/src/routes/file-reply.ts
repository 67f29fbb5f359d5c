// How stored files and generated PDFs are answered: one place for the headers that keep
// uploaded content from running as part of our origin.
import type { FastifyReply } from "fastify";
import { contentDisposition, INLINE_TYPES } from "../modules/files/sniff.js";

export interface StoredFileOut {
  body: NodeJS.ReadableStream;
  filename: string;
  contentType: string;
  size: number | bigint;
}

/** An uploaded file: only raster images open in the browser, anything else (PDFs too) downloads, sandboxed. */
export function sendStoredFile(reply: FastifyReply, f: StoredFileOut, download: boolean) {
  reply
    .header("content-type", f.contentType === "text/plain" ? "text/plain; charset=utf-8" : f.contentType)
    .header("content-length", f.size)
    .header(
      "content-disposition",
      contentDisposition(f.filename, !download && INLINE_TYPES.has(f.contentType)),
    )
    .header("cache-control", "private, max-age=300")
    .header(
      "content-security-policy",
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
  return reply.send(f.body);
}

/**
 * A generated PDF: never cached by a shared cache, never sniffed; a download unless `inline`
 * (previews open in the browser's viewer).
 */
export function sendPdf(
  reply: FastifyReply,
  body: NodeJS.ReadableStream,
  filename: string,
  { size = null, inline = false }: { size?: number | null; inline?: boolean } = {},
) {
  reply
    .header("content-type", "application/pdf")
    .header("content-disposition", contentDisposition(filename, inline))
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff");
  if (size !== null) reply.header("content-length", size);
  return reply.send(body);
}

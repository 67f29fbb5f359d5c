// What happens on the socket before and around a route: request and header limits, the answer
// to a request Node refuses before Fastify sees it (431, 408, unreadable), and compression.
// Every answer keeps the error envelope (DESIGN.md §4).
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ErrorCode } from "@cpd/contract";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { envelope } from "./errors.js";

/** Node's default (16 KiB), stated so it is a decision: bearer tokens are far below it. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** Fastify options for the socket; `requestTimeoutMs` bounds receiving a whole request (slow bodies). */
export function transportOptions(config: Pick<Config, "requestTimeoutMs">) {
  const requestTimeout = config.requestTimeoutMs;
  return {
    requestTimeout,
    http: {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: Math.min(60_000, requestTimeout),
      // Node looks for expired requests on this period (30 s by default): check at least every second.
      connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    },
    clientErrorHandler,
  };
}

const CLIENT_ERRORS: Record<string, [number, ErrorCode, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    "REQUEST_TIMEOUT",
    "The request took too long to arrive. Please try again.",
  ],
  HPE_HEADER_OVERFLOW: [431, "HEADERS_TOO_LARGE", "The request headers are too large."],
};

/** Node hands these over raw (no request object): write the envelope on the socket and close it. */
function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message] = CLIENT_ERRORS[err.code ?? ""] ?? [
    400,
    "BAD_REQUEST" as const,
    "The request could not be read.",
  ];
  this.log.debug({ err: err.code }, "client error");
  // A response already under way on this connection cannot be replaced by another.
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(envelope(status, code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/**
 * br or gzip for text answers (JSON, HTML, JS, CSS, SVG) over 1 KiB. Files people upload (PDF,
 * images, Office documents, archives, octet-stream) are already compressed or opaque: left alone.
 * Request bodies are never inflated (a small gzip body must not expand past the body limit).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: 1024,
    customTypes:
      /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?(?:json|xml|javascript)(?:;|$)|image\/svg\+xml)/,
  });
}

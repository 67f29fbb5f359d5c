// What happens on the socket before and around a route: request and header limits, the answer
// to a request Node refuses before Fastify sees it (431, 408, unreadable), and compression.
// Every answer keeps the error envelope (ADR 0005).
import { type IncomingMessage, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ErrorCode } from "@cpd/contract";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { envelope } from "./errors.js";

/** Node's default (16 KiB), stated so it is a decision: bearer tokens are far below it. */
const MAX_HEADER_BYTES = 16 * 1024;

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

/** After an early answer, the rest of the body is read and dropped: up to this many times the route's limit… */
const LINGER_LIMIT_FACTOR = 4;
/** …and at least this much (the JSON limit is small next to what a browser may still be sending)… */
const LINGER_MIN_BYTES = 16 * 1024 * 1024;
/** …for at most this long; then the connection is closed whatever remains. */
const LINGER_MS = 10_000;

/**
 * An answer sent while the request body is still arriving (a 413 from a limit, a refusal before an
 * upload is read) closes the connection, as Fastify does. Closing at once would drop what the client
 * is still sending and reset the connection, and a client that is still writing (Node's fetch, a
 * browser) then reports a network error instead of the answer. So, as nginx does (lingering close),
 * the connection is half-closed after the answer and the rest of the body is read and discarded,
 * within a byte and a time bound (docs/decisions/0005-hostile-input-and-errors.md).
 */
export function registerLingeringClose(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    const req = request.raw;
    // `complete` is false while a body is still arriving (undefined for inject()'s requests).
    if (req.complete !== false || !hasBody(req)) return payload;
    reply.header("connection", "close");
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0;
    const maxBytes = Math.max(LINGER_LIMIT_FACTOR * limit, LINGER_MIN_BYTES);
    const declared = Number(req.headers["content-length"]);
    // A declared length beyond the bound is not waited for: closed at once, as before.
    if (!(declared > maxBytes)) lingerOnClose(req, maxBytes, LINGER_MS);
    return payload;
  });
}

const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0;

/**
 * Node calls `destroySoon` on the socket once a `Connection: close` answer is written: instead, end
 * the writing side (the client reads the answer and the end) and drop the body until it is complete,
 * over `maxBytes` or `ms` late, then destroy.
 */
function lingerOnClose(req: IncomingMessage, maxBytes: number, ms: number) {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => {
    const close = () => socket.destroy();
    if (socket.writable) socket.end();
    const timer = setTimeout(close, ms);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    if (req.complete) return void socket.once("finish", close);
    let read = 0;
    req.unpipe();
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) close();
    });
    req.once("end", () => (socket.writableFinished ? close() : socket.once("finish", close)));
    req.once("error", close);
    req.resume();
  };
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

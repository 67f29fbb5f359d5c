// How a route takes its body: a JSON body (Fastify's parser), a webhook's exact bytes, or an
// upload (a multipart form's file part, or the raw body in one of the call's media types).
import type { Readable } from "node:stream";
import { type EndpointDef, UPLOAD_FIELD } from "@cpd/contract";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { AppError } from "../../lib/errors.js";
import type { RouteExtras } from "./extras.js";

/** The body the handler is given, and an upload's filename when it came as a multipart form. */
export async function requestBody(
  request: FastifyRequest,
  e: EndpointDef,
  extras: RouteExtras,
): Promise<{ body: unknown; part?: { filename: string } }> {
  const upload = e.rawBody && request.isMultipart() ? await filePart(request, e.rawBody) : undefined;
  if (upload) return { body: upload.body, part: { filename: upload.filename } };
  if (e.rawBody && !e.rawBody.stream && !Buffer.isBuffer(request.body)) {
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", extras.mediaTypeMessage ?? "Unsupported content type");
  }
  return { body: request.body };
}

/** Registers the route with the body parsers it takes (its own scope when they are not the JSON ones). */
export function registerWithBody(
  app: FastifyInstance,
  e: EndpointDef,
  extras: RouteExtras,
  options: RouteOptions,
) {
  const rawJson = extras.rawJson;
  if (rawJson) {
    // The bytes are kept as they came; the verifier sees them before any parsing or validation.
    const parseJson = app.getDefaultJsonParser("error", "error");
    options.preValidation = async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await rawJson.verify(raw, request);
      request.body = await new Promise((resolve, reject) =>
        parseJson(request, raw.toString("utf8"), (err, parsed) => (err ? reject(err) : resolve(parsed))),
      );
    };
    app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) =>
        done(null, body),
      );
      scope.route(options);
    });
  } else if (e.rawBody) {
    // Uploads get their own scope so only this route takes files: a multipart form, or the raw
    // body in one of the call's media types. Anything else (JSON, a url-encoded form, no type)
    // finds no parser: 415. A streamed body is handed over unread; the service judges the bytes
    // and enforces the size while passing them on.
    const raw = e.rawBody;
    const types = [...raw.contentTypes, "application/octet-stream"];
    app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      await scope.register(multipart, { throwFileSizeLimit: true });
      if (raw.stream) scope.addContentTypeParser(types, (_req, payload, done) => done(null, payload));
      else
        scope.addContentTypeParser(
          types,
          { parseAs: "buffer", bodyLimit: raw.maxBytes },
          (_req, body, done) => done(null, body),
        );
      scope.route(options);
    });
  } else {
    app.route(options);
  }
}

/**
 * The file part of a multipart upload: the first part named UPLOAD_FIELD (other fields are
 * ignored; a second file is refused by the limits). A streamed call gets the part's stream, the
 * others its bytes (over `maxBytes`: 413).
 */
async function filePart(
  request: FastifyRequest,
  raw: NonNullable<EndpointDef["rawBody"]>,
): Promise<{ body: Readable | Buffer; filename: string }> {
  const part = await request.file({
    limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, fileSize: raw.maxBytes + 1 },
  });
  if (!part || part.fieldname !== UPLOAD_FIELD) {
    part?.file.resume();
    throw new AppError(
      400,
      "VALIDATION_ERROR",
      `The multipart form must hold the file in a part named "${UPLOAD_FIELD}"`,
    );
  }
  if (raw.stream) return { body: part.file, filename: part.filename };
  const bytes = await part.toBuffer();
  if (bytes.length > raw.maxBytes) {
    const message = request.routeOptions.config?.tooLargeMessage ?? "The file is too large";
    throw new AppError(413, "PAYLOAD_TOO_LARGE", message);
  }
  return { body: bytes, filename: part.filename };
}

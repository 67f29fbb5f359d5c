// Registers a contract endpoint as a Fastify route: schemas, OpenAPI metadata,
// authentication, the route's policy and rate limit come from one place.

import type { Readable } from "node:stream";
import {
  api,
  type BodyOf,
  type EndpointDef,
  ErrorEnvelope,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  UPLOAD_FIELD,
} from "@cpd/contract";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Deps } from "../deps.js";
import { AppError } from "../lib/errors.js";
import type { Caller, Policy } from "../policies/index.js";

export interface Ctx<E extends EndpointDef> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: E["rawBody"] extends { stream: true } ? Readable : E["rawBody"] extends object ? Buffer : BodyOf<E>;
  caller: E["auth"] extends true ? Caller : undefined;
  /** An upload sent as a multipart form: its file part's filename (the body is then that part). */
  part?: { filename: string };
  deps: Deps;
  request: FastifyRequest;
  reply: FastifyReply;
}

const INPUT_ONLY = new Set([
  "pattern",
  "maxLength",
  "minLength",
  "minimum",
  "maximum",
  "maxItems",
  "maxProperties",
]);

/**
 * An answer's schema without the input limits of the shared primitives: the
 * serializer checks them when it picks a branch of a union (a nullable text), so a
 * stored value longer than an input limit, or older than a pattern, would turn a
 * good answer into a 500. What was accepted once is always answered.
 */
export function outputSchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(outputSchema) as T;
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([k]) => !INPUT_ONLY.has(k))
      .map(([k, v]) => [k, k === "properties" || k === "patternProperties" ? fieldsOf(v) : outputSchema(v)]),
  ) as T;
}
/** Property maps: the names are data (a field may be called "pattern"), only the values are schemas. */
const fieldsOf = (map: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(map).map(([name, v]) => [name, outputSchema(v)]));

/** Each call's name in the contract's registry is its OpenAPI operationId (generated clients name methods by it). */
const OPERATION_IDS = new Map<EndpointDef, string>(
  Object.entries(api as Record<string, EndpointDef>).map(([name, e]) => [e, name]),
);

const ERROR_REF = { $ref: `${ErrorEnvelope.$id}#` };

/** What each refusal status means, as the document says it (the envelope's `code` says which). */
const REFUSALS: Record<number, string> = {
  400: "The input is not valid (the message names the field)",
  401: "No session, an ended one, or a wrong credential",
  403: "Not allowed for this account (role, membership or feature)",
  404: "No such item, or not yours",
  408: "The upload stalled or took too long",
  409: "The item's state does not allow it (a signed record, a duplicate, a full event)",
  410: "The link has expired",
  411: "A raw upload without Content-Length",
  413: "The body or file is too large",
  415: "The body's media type is not one this call takes",
  422: "Understood but not acceptable as it stands (the message says why)",
  429: "Too many calls: wait for Retry-After",
  500: "Our fault: nothing was changed",
  502: "The connected service answered with an error",
  503: "A service this call needs is unavailable for a moment: retry after Retry-After",
};

export interface RouteExtras {
  policy?: Policy;
  rateLimit?: { max: number; timeWindow: number; keyBy?: "ip" | "ip+email" };
  /** Message for a body over rawBody.maxBytes (413) and for a refused content type (415). */
  tooLargeMessage?: string;
  mediaTypeMessage?: string;
  /** Further documented answers, e.g. the health check's 503. */
  responses?: Record<number, unknown>;
  /**
   * A JSON body whose exact bytes matter (a signed webhook): `verify` judges the raw bytes and
   * the headers first (it throws the refusal), then the bytes are parsed as JSON and validated
   * against the contract's body schema as usual, so OpenAPI still shows the body.
   */
  rawJson?: { verify: (raw: Buffer, request: FastifyRequest) => void | Promise<void> };
}

/** A route's rate limit: `max` calls a minute per address (or per address and e-mail). */
export const perMinute = (max: number, keyBy?: "ip" | "ip+email"): RouteExtras => ({
  rateLimit: { max, timeWindow: 60_000, ...(keyBy ? { keyBy } : {}) },
});

/** The call's description, with its rate limit when it has one. */
function describe(e: EndpointDef, extras: RouteExtras) {
  const limit = extras.rateLimit;
  const perClient = limit?.keyBy === "ip+email" ? "client address and e-mail" : "client address";
  const rate = limit
    ? `Rate limit: ${limit.max} calls a minute per ${perClient} (then 429 with Retry-After).`
    : "";
  return [e.description, rate].filter(Boolean).join("\n\n");
}

/**
 * The refusals a call can answer, documented per operation: what its shape implies, what it
 * declares (`errors`), and 500/503 for every call. The integration tests hold the server to it
 * (plugins/response-check.ts answers 500 for an undocumented status).
 */
export function errorStatuses(e: EndpointDef, extras: RouteExtras): number[] {
  const input = Boolean(e.params || e.query || e.body || e.rawBody || e.headers);
  const body = Boolean(e.body || e.rawBody);
  const statuses = new Set<number>([
    ...(input ? [400] : []),
    ...(e.auth || e.guest ? [401] : []),
    ...(e.auth || e.guest ? [403] : []),
    // A path naming an item, or a signed-in call naming one in its query or body (or whose account
    // has just been deleted): no such item, or not yours.
    ...(e.path.includes(":") || e.auth || e.guest ? [404] : []),
    // A signed-in change the item's state forbids (a signed record, a duplicate, a full event).
    ...((e.auth || e.guest) && e.method !== "GET" ? [409] : []),
    // A reviewee's share that has expired.
    ...(e.guest ? [410] : []),
    ...(body ? [413, 415] : []),
    ...(e.rawBody?.stream ? [408, 411] : []),
    ...(extras.rateLimit ? [429] : []),
    ...(e.errors ?? []),
    500,
    503,
  ]);
  return [...statuses].sort((a, b) => a - b);
}

export type Handler<E extends EndpointDef> = (
  ctx: Ctx<E>,
) => Promise<ResponseOf<E> | undefined> | ResponseOf<E>;

export function define<E extends EndpointDef>(
  app: FastifyInstance,
  deps: Deps,
  e: E,
  extras: RouteExtras,
  handler: Handler<E>,
) {
  const status = e.status ?? 200;
  const schema: Record<string, unknown> = {
    summary: e.summary,
    ...(e.description || extras.rateLimit ? { description: describe(e, extras) } : {}),
    tags: e.tags,
    response: {
      ...(e.binary ? {} : { [status]: outputSchema(e.response) }),
      // One shared component (added in app.ts), not 90 codes inlined into every operation.
      ...Object.fromEntries(
        errorStatuses(e, extras).map((s) => [s, { ...ERROR_REF, description: REFUSALS[s] ?? "Refused" }]),
      ),
      ...extras.responses,
    },
  };
  if (e.params) schema.params = e.params;
  if (e.query) schema.querystring = e.query;
  if (e.body && !e.rawBody) schema.body = e.body;
  if (e.headers) schema.headers = e.headers;
  // Public calls say so (an empty requirement), rather than leaving it unstated.
  // Guest calls take the owner's session token or the reviewee's guest token (either one).
  // Calls that take the token as ?auth_token= (files opened by the browser) accept either.
  const queryToken = Boolean(
    (e.query as { properties?: Record<string, unknown> } | undefined)?.properties?.auth_token,
  );
  schema.security = e.auth
    ? [{ bearerAuth: [] }, ...(queryToken ? [{ authToken: [] }] : [])]
    : e.guest
      ? [{ bearerAuth: [] }, { supervisionGuest: [] }]
      : [];
  const operationId = OPERATION_IDS.get(e);
  if (operationId) schema.operationId = operationId;

  const limit = extras.rateLimit;
  const options: RouteOptions = {
    method: e.method,
    url: `/api${e.path}`,
    schema,
    config: {
      auth: e.auth,
      contract: true,
      // What the OpenAPI document says a file or redirect answers (app.ts, documentFilesAndUploads).
      answer: e.binary ? { status, produces: e.produces, redirect: e.redirect } : undefined,
      // What the OpenAPI document says an upload takes (app.ts, documentUploads).
      upload: e.rawBody,
      tooLargeMessage: extras.tooLargeMessage,
      mediaTypeMessage: extras.mediaTypeMessage,
      ...(limit
        ? {
            rateLimit: {
              max: limit.max,
              timeWindow: limit.timeWindow,
              hook: "preHandler",
              keyGenerator: (req: FastifyRequest) =>
                limit.keyBy === "ip+email"
                  ? `${req.routeOptions.url}:${req.ip}:${String((req.body as { email?: unknown })?.email ?? "").toLowerCase()}`
                  : `${req.routeOptions.url}:${req.ip}`,
            },
          }
        : {}),
    },
    ...(e.rawBody ? { bodyLimit: e.rawBody.maxBytes } : {}),
    handler: async (request, reply) => {
      const caller = request.caller;
      if (e.auth && !caller) throw new AppError(401, "UNAUTHORIZED", "Authentication required");
      if (extras.policy && caller) await extras.policy(caller, deps);
      const upload = e.rawBody && request.isMultipart() ? await filePart(request, e.rawBody) : undefined;
      if (e.rawBody && !upload && !e.rawBody.stream && !Buffer.isBuffer(request.body)) {
        throw new AppError(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          extras.mediaTypeMessage ?? "Unsupported content type",
        );
      }
      const ctx = {
        params: request.params,
        query: request.query,
        body: upload ? upload.body : request.body,
        part: upload ? { filename: upload.filename } : undefined,
        caller,
        deps,
        request,
        reply,
      } as Ctx<E>;
      const result = await handler(ctx);
      if (e.binary || reply.sent) return reply;
      return reply.code(status).send(status === 204 ? undefined : result);
    },
  };

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

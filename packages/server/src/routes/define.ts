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
} from "@cpd/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Deps } from "../deps.js";
import { AppError } from "../lib/errors.js";
import type { Caller, Policy } from "../policies/index.js";

export interface Ctx<E extends EndpointDef> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: E["rawBody"] extends { stream: true } ? Readable : E["rawBody"] extends object ? Buffer : BodyOf<E>;
  caller: E["auth"] extends true ? Caller : undefined;
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
    tags: e.tags,
    response: {
      ...(e.binary ? {} : { [status]: outputSchema(e.response) }),
      // One shared component (added in app.ts), not 90 codes inlined into every operation.
      "4xx": ERROR_REF,
      "5xx": ERROR_REF,
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
      // What the OpenAPI document says a file or redirect answers (app.ts, documentFileAnswers).
      answer: e.binary ? { status, produces: e.produces, redirect: e.redirect } : undefined,
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
      if (e.rawBody && !e.rawBody.stream && !Buffer.isBuffer(request.body)) {
        throw new AppError(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          extras.mediaTypeMessage ?? "Unsupported content type",
        );
      }
      const ctx = {
        params: request.params,
        query: request.query,
        body: request.body,
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
  } else if (e.rawBody?.stream) {
    // Streamed uploads: any content type, handed over unread; the service
    // judges the bytes and enforces the size while passing them on.
    app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", (_req, payload, done) => done(null, payload));
      scope.route(options);
    });
  } else if (e.rawBody) {
    // Raw uploads get their own scope so only this route takes binary bodies.
    const types = [...e.rawBody.contentTypes, "application/octet-stream"];
    app.register(async (scope) => {
      scope.addContentTypeParser(
        types,
        { parseAs: "buffer", bodyLimit: e.rawBody?.maxBytes },
        (_req, body, done) => done(null, body),
      );
      scope.route(options);
    });
  } else {
    app.route(options);
  }
}

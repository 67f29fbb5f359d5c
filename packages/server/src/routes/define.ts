// Registers a contract endpoint as a Fastify route: schemas, OpenAPI metadata,
// authentication, the route's policy and rate limit come from one place. What the document says
// is in define/document.ts, how the body is taken in define/body.ts.

import type { Readable } from "node:stream";
import type { BodyOf, EndpointDef, ParamsOf, QueryOf, ResponseOf } from "@cpd/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Deps } from "../deps.js";
import { AppError } from "../lib/errors.js";
import type { Caller } from "../policies/index.js";
import { registerWithBody, requestBody } from "./define/body.js";
import { routeSchema } from "./define/document.js";
import type { RouteExtras } from "./define/extras.js";

export { outputSchema } from "./define/document.js";
export { perMinute, type RouteExtras } from "./define/extras.js";

interface Ctx<E extends EndpointDef> {
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
  const schema = routeSchema(e, extras);
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
      if (extras.policy && caller)
        await extras.policy(caller, deps, { params: request.params, query: request.query });
      const { body, part } = await requestBody(request, e, extras);
      const ctx = {
        params: request.params,
        query: request.query,
        body,
        part,
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

  registerWithBody(app, e, extras, options);
}

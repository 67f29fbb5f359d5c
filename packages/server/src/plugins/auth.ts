// Authentication: Bearer token on every call marked auth in the contract; the
// query-string tokens of REQ-API-02 (?token=, ?auth_token=) only on GETs whose
// contract declares them (images and PDFs opened by the browser directly).

import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Deps } from "../deps.js";
import { callerFromToken } from "../modules/account/caller.js";
import type { Caller } from "../policies/index.js";

declare module "fastify" {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyContextConfig {
    auth?: boolean;
    /** A contract call (routes/define.ts), described by the OpenAPI document. */
    contract?: boolean;
    tooLargeMessage?: string;
    mediaTypeMessage?: string;
    /** A file's or a redirect's answer, for the OpenAPI document only. */
    answer?: { status: number; produces?: readonly string[]; redirect?: boolean };
    /** What an upload takes, for the OpenAPI document only. */
    upload?: { contentTypes: string[]; maxBytes: number };
  }
}

const QUERY_TOKEN_NAMES = ["token", "auth_token"];

export function extractToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || null;
  if (req.method === "GET") {
    const props = (
      req.routeOptions.schema?.querystring as { properties?: Record<string, unknown> } | undefined
    )?.properties;
    for (const name of QUERY_TOKEN_NAMES) {
      const v = (req.query as Record<string, unknown> | undefined)?.[name];
      if (props?.[name] && typeof v === "string" && v) return v;
    }
  }
  return null;
}

export const authPlugin = fp(
  async (app: FastifyInstance, { deps }: { deps: Deps }) => {
    app.decorateRequest("caller", undefined);
    // preValidation: the query string is parsed, and a missing token answers
    // 401 before the body is judged (no token gives 401, whatever the input).
    app.addHook("preValidation", async (req) => {
      if (!req.routeOptions.config?.auth) return;
      req.caller = await callerFromToken(deps, extractToken(req));
    });
  },
  { name: "auth" },
);

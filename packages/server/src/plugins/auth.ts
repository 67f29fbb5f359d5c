// Authentication: Bearer token on every call marked auth in the contract; the
// query-string tokens of the spec (?token=, ?auth_token=) only on GETs whose
// contract declares them (images and PDFs opened by the browser directly).

import { MESSAGES, ROLES } from "@cpd/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Deps } from "../deps.js";
import { unauthorized } from "../lib/errors.js";
import { loadSession } from "../modules/account/session.js";
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

/**
 * The signed-in member a session token names, judged as every authenticated call
 * judges it; 401 otherwise. Calls that also take a supervision guest token use it
 * to recognise the record's owner.
 */
export async function callerFromToken(deps: Deps, token: string | null): Promise<Caller> {
  const claims = token ? deps.tokens.verify(token) : null;
  if (!claims) throw unauthorized();
  // Roles and organisation come from the database, never from the token.
  const session = await loadSession(deps.pool, claims.sub);
  // A retired token (password changed, logged out, roles changed) or a deleted user.
  if (!session || session.tokenVersion !== claims.tv) throw unauthorized();
  // An organisation switched off signs its members out (login refuses them with the same message).
  if (!session.organisationEnabled && !claims.imp) {
    throw unauthorized(MESSAGES.organisationDisabled, "ORGANISATION_DISABLED");
  }
  if (claims.imp) {
    // Impersonation lasts only while the impersonator is still a signed-in administrator.
    const by = await loadSession(deps.pool, claims.imp);
    if (!by?.roles.includes(ROLES.admin) || by.tokenVersion !== claims.itv) throw unauthorized();
  }
  return {
    id: claims.sub,
    roles: session.roles,
    organisationId: session.organisationId,
    impersonatedBy: claims.imp,
  };
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

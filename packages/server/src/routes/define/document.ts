// What the OpenAPI document says of a contract endpoint: its schemas (answers without input
// limits), its refusals, description, security and operationId.
import { api, type EndpointDef, ErrorEnvelope } from "@cpd/contract";
import type { RouteExtras } from "./extras.js";

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
  409: "The item's state does not allow it (a signed record, a duplicate, a full event), or what would leave the record holds a patient identifier (IDENTIFIERS_FOUND, with details.findings)",
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
function errorStatuses(e: EndpointDef, extras: RouteExtras): number[] {
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

/** The route schema Fastify validates with and the OpenAPI document shows. */
export function routeSchema(e: EndpointDef, extras: RouteExtras): Record<string, unknown> {
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
      : e.attester
        ? [{ attestationGuest: [] }]
        : [];
  const operationId = OPERATION_IDS.get(e);
  if (operationId) schema.operationId = operationId;

  return schema;
}

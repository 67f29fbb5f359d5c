// The OpenAPI document the server publishes (/api/docs/json, openapi.json): generated from the
// contract's routes, then completed with what a client generator needs that the routes do not
// carry: file answers and upload bodies, the tag list, shared parameter descriptions, and literal
// unions written as one enum.
import { API_TAGS, PARAMETER_DESCRIPTIONS, UPLOAD_FIELD } from "@cpd/contract";
import swagger from "@fastify/swagger";
import type { FastifyInstance, RouteOptions } from "fastify";

const API_DESCRIPTION = [
  "REST API of the CPD platform. Getting started: `/api/docs/getting-started`.",
  "",
  "Authenticate with `POST /api/auth/login` and send the token as `Authorization: Bearer <token>`.",
  "Lists are paged in the path (`.../limit/{perPage}/page/{page}`) and answer `{ items, total }`.",
  "Every refusal answers `{ statusCode, error, message, code }` (the ErrorEnvelope schema); `code` is",
  "stable, `message` is for people.",
].join("\n");

export async function registerApiDocument(app: FastifyInstance) {
  await app.register(swagger, {
    transform: documentFilesAndUploads,
    transformObject: (document) =>
      "openapiObject" in document
        ? (polish(document.openapiObject as OpenApiDocument) as typeof document.openapiObject)
        : document.swaggerObject,
    // Shared schemas keep their $id as the component name (ErrorEnvelope, not def-0).
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    openapi: {
      openapi: "3.0.3",
      info: { title: "CPD platform API", version: "1.0.0", description: API_DESCRIPTION },
      servers: [{ url: "/", description: "This server (every path starts with /api)" }],
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          authToken: {
            type: "apiKey",
            in: "query",
            name: "auth_token",
            description:
              "The session token as a query parameter, for files a browser opens directly (downloads, iCalendar feeds, <img>)",
          },
          supervisionGuest: {
            type: "http",
            scheme: "bearer",
            description:
              "The guest token `POST /supervision/authenticate/{id}` gives a supervision's reviewee",
          },
          attestationGuest: {
            type: "http",
            scheme: "bearer",
            description: "The guest token `POST /attestation/{id}/code` gives an attester (ADR 0028)",
          },
        },
      },
    },
  });
}

/**
 * Files and redirects are sent as they are, so their routes carry no 2xx schema for Fastify to
 * serialise with; the document still says what they answer: the file's media types as binary, or
 * a 302. Uploads are read by the route, not by a body schema: the document says what they take.
 * Only the document changes, never the route.
 */
function documentFilesAndUploads({
  schema,
  url,
  route,
}: {
  schema: unknown;
  url: string;
  route: RouteOptions;
}) {
  const answer = route.config?.answer;
  const upload = route.config?.upload;
  if (!schema || typeof schema !== "object") return { schema: schema as object, url };
  if (upload) return { schema: { ...schema, body: uploadBody(upload) }, url };
  if (!answer) return { schema, url };
  const s = schema as { response?: Record<string, unknown> };
  const documented = answer.redirect
    ? { 302: { description: "Redirect (the Location header)", type: "null" } }
    : {
        [answer.status]: {
          description: "The file",
          content: Object.fromEntries(
            (answer.produces ?? ["application/octet-stream"]).map((t: string) => [
              t,
              { schema: { type: "string", format: "binary" } },
            ]),
          ),
        },
      };
  return { schema: { ...s, response: { ...documented, ...s.response } }, url };
}

/** An upload's request body: a multipart form with its file part, or the raw bytes in each accepted type. */
function uploadBody(upload: { contentTypes: string[]; maxBytes: number }) {
  const bytes = { type: "string", format: "binary", maxLength: upload.maxBytes };
  return {
    required: true,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object",
          required: [UPLOAD_FIELD],
          properties: { [UPLOAD_FIELD]: { ...bytes, description: "The file, with its filename" } },
        },
      },
      ...Object.fromEntries(
        [...upload.contentTypes, "application/octet-stream"].map((t) => [t, { schema: bytes }]),
      ),
    },
  };
}

interface Parameter {
  in: string;
  name: string;
  description?: string;
  schema?: { description?: string };
}
interface OpenApiDocument {
  tags?: unknown;
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  [key: string]: unknown;
}

function polish(doc: OpenApiDocument) {
  for (const operations of Object.values(doc.paths)) {
    for (const op of Object.values(operations)) {
      for (const p of op.parameters ?? []) {
        const described = p.description ?? p.schema?.description;
        const shared = PARAMETER_DESCRIPTIONS[`${p.in}:${p.name}`] ?? PARAMETER_DESCRIPTIONS[p.name];
        if (described) p.description = described;
        else if (shared) p.description = shared;
      }
    }
  }
  return { ...(oneEnum(doc) as OpenApiDocument), tags: [...API_TAGS] };
}

/**
 * TypeBox writes a union of literals as anyOf of one-value enums; generators and readers expect
 * one `enum` listing the values, so that is what the document says (the same set of values).
 */
function oneEnum(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(oneEnum);
  if (!node || typeof node !== "object") return node;
  const o = node as Record<string, unknown>;
  const branches = o.anyOf as Record<string, unknown>[] | undefined;
  if (
    Array.isArray(branches) &&
    branches.length > 0 &&
    branches.every(
      (b) =>
        Array.isArray(b.enum) &&
        b.enum.length === 1 &&
        b.type === branches[0]?.type &&
        Object.keys(b).every((k) => k === "enum" || k === "type"),
    )
  ) {
    const { anyOf: _, ...rest } = o;
    return { ...rest, type: branches[0]?.type, enum: branches.map((b) => (b.enum as unknown[])[0]) };
  }
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, oneEnum(v)]));
}

// One description per call: method, path (under /api, Fastify ":param" style),
// and the TypeBox schemas of its input and its successful answer. The server
// registers routes from these, OpenAPI is generated from them, and the SPA's
// client derives its types from them: a call's shape is written once.
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { ERROR_CODES, type ErrorCode } from "./errors.js";
import { IdentifiersFoundDetails } from "./identifiers.js";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface EndpointDef {
  method: Method;
  path: string;
  summary: string;
  /** Longer explanation for the OpenAPI document (how to call it, what each refusal means). */
  description?: string;
  tags: string[];
  /** false for the few public calls (login, reset, branding by key, ...). */
  auth: boolean;
  /**
   * With auth false: the call also takes a supervision guest token (Bearer), and
   * judges who is calling itself (the record's owner or its reviewee).
   */
  guest?: boolean;
  /**
   * With auth false: the call takes an attestation's guest token (Bearer, `ag_`) and nothing
   * else, and judges itself which attestation it opens (ADR 0028).
   */
  attester?: boolean;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** Request headers the call reads (documented in OpenAPI), e.g. a webhook's signature. */
  headers?: TSchema;
  /**
   * A file upload, not JSON: the raw body in one of `contentTypes` (or application/octet-stream),
   * or a multipart/form-data form whose file part is named UPLOAD_FIELD. `stream`: the server
   * streams it on rather than reading it whole.
   */
  rawBody?: { contentTypes: string[]; maxBytes: number; stream?: boolean };
  response: TSchema;
  /** Status of the successful answer (200 unless stated). */
  status?: 200 | 201 | 202 | 204;
  /** The answer is a file or a redirect, not JSON. */
  binary?: boolean;
  /** A file's media types (documented as the 2xx answer, `format: binary`). */
  produces?: readonly string[];
  /**
   * Refusal statuses this call can answer beyond those its shape implies (400 for input, 401/403
   * for a signed-in call, 404 for a path naming an item, 413/415 for a body, 429 for a rate limit).
   */
  errors?: readonly (400 | 401 | 403 | 404 | 408 | 409 | 410 | 411 | 413 | 422 | 423 | 429 | 502)[];
  /** The answer is a 302 redirect (documented as such). */
  redirect?: boolean;
}

/** The form field of a multipart upload that holds the file. */
export const UPLOAD_FIELD = "file";

export const endpoint = <const E extends EndpointDef>(e: E): E => e;

type StaticOr<S, F> = S extends TSchema ? Static<S> : F;

export type ParamsOf<E extends EndpointDef> = StaticOr<E["params"], undefined>;
export type QueryOf<E extends EndpointDef> = StaticOr<E["query"], undefined>;
export type BodyOf<E extends EndpointDef> = StaticOr<E["body"], undefined>;
export type ResponseOf<E extends EndpointDef> = Static<E["response"]>;

/** The error envelope every failed call answers (ADR 0005). */
export const ErrorEnvelope = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    code: Type.Unsafe<ErrorCode>({ type: "string", enum: [...ERROR_CODES] }),
    /** With code IDENTIFIERS_FOUND only: the findings that stop the record leaving (ADR 0029). */
    details: Type.Optional(IdentifiersFoundDetails),
  },
  {
    $id: "ErrorEnvelope",
    description: "Every failed call answers this; `code` is one of the listed values",
    examples: [
      { statusCode: 400, error: "Bad Request", message: "Email is required", code: "VALIDATION_ERROR" },
    ],
  },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

export const Empty = Type.Object({}, { additionalProperties: false });
export const Message = Type.Object({ message: Type.String() });
export const IsoDate = Type.String({ format: "date", description: "YYYY-MM-DD" });
export const IsoDateTime = Type.String({ format: "date-time" });
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** The one answer shape of a paged list: the page's items and how many there are in all (paging: primitives.ts). */
export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer() });

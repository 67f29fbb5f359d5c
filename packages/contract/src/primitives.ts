// The shared input primitives (ADR 0005): every call's ids, texts and
// numbers are built from these, so one definition decides what hostile input
// (NUL bytes, lone surrogates, urn:uuid: ids, 1e308, Infinity) is refused.
import { type StringOptions, Type } from "@sinclair/typebox";

/**
 * Refuses NUL and unpaired UTF-16 surrogates. Validators compile patterns with
 * the `u` flag (ajv's default), where a paired surrogate is one code point, so
 * only a lone half matches the class. PostgreSQL cannot store either.
 */
export const SAFE_TEXT_PATTERN = "^[^\\u0000\\uD800-\\uDFFF]*$";
/**
 * A schema's own refusal messages by validation keyword (`{ maxLength: "A tag cannot be..." }`),
 * where the requirements word a refusal: the server answers them, and the document shows them.
 */
export const ERROR_MESSAGES = "x-messages";

/** Longest free text any call accepts, unless it says less. */
export const TEXT_MAX_LENGTH = 100_000;

/** A string of safe text, bounded; `pattern` in opts replaces the safe-text one (it must exclude NUL). */
export const Text = (opts: StringOptions = {}) =>
  Type.String({ pattern: SAFE_TEXT_PATTERN, maxLength: TEXT_MAX_LENGTH, ...opts });

/** Canonical lower- or upper-case UUID, nothing around it (`format: uuid` also takes `urn:uuid:`). */
export const UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
export const Uuid = (opts: StringOptions = {}) =>
  Type.String({ pattern: UUID_PATTERN, minLength: 36, maxLength: 36, description: "UUID", ...opts });
/** `{ id }` path parameters. */
export const IdParams = Type.Object({ id: Uuid({ description: "The item's id (UUID)" }) });

/** The largest integer any call accepts where it names no smaller bound. */
export const INT_MAX = 2_147_483_647;
export const Int = (minimum: number, maximum: number, opts: Record<string, unknown> = {}) =>
  Type.Integer({ minimum, maximum, ...opts });
/** A database serial id (organisations). */
export const SerialId = () => Int(1, INT_MAX);
/**
 * Paging. A new paged call takes `?page=&perPage=` in its query (`...pageQuery(n)` among the
 * query's fields: both optional, page 1 and the call's own default size when left out) and
 * answers `Paged(item)` (endpoint.ts): `{ items, total }`, with any figures over the whole list
 * beside them. The calls that predate this rule put the page in the path,
 * `limit/{perPage}/page/{page}` (PageParams); they keep it, as clients already call them so.
 */
export const PAGE_MAX = 100_000;
export const pageQuery = (maxPerPage: number) => ({
  page: Type.Optional(Int(1, PAGE_MAX)),
  perPage: Type.Optional(Int(1, maxPerPage)),
});
/** The path paging of the older lists, `limit/{perPage}/page/{page}`: not for new calls (see pageQuery). */
export const PageParams = (maxPerPage: number) =>
  Type.Object({
    perPage: Int(1, maxPerPage, { description: `Items per page, 1 to ${maxPerPage}` }),
    page: Int(1, PAGE_MAX, { description: "The page, from 1" }),
  });

const SAFE_CHARS = "\\u0000\\uD800-\\uDFFF";
/** An e-mail address as the forms take it: something@domain.tld, no spaces. */
export const Email = (opts: StringOptions = {}) =>
  Text({
    minLength: 3,
    maxLength: 254,
    pattern: `^[^\\s@${SAFE_CHARS}]+@[^\\s@${SAFE_CHARS}]+\\.[^\\s@${SAFE_CHARS}]+$`,
    ...opts,
  });
/** An absolute http(s) link. */
export const HttpUrl = (opts: StringOptions = {}) =>
  Text({ maxLength: 2000, pattern: `^https?://[^\\s${SAFE_CHARS}]+$`, ...opts });

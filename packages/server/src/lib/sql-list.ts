// The paged list queries (entries, My Files, Shared CPD) are plain SQL on the pg pool: their filters
// and page become numbered parameters, never text spliced into the query.

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Conditions joined by AND over `values` (the parameters the query already uses, e.g. [userId]).
 * Call `page` last: LIMIT and OFFSET are the last two parameters.
 */
export function listFilter(values: unknown[], conditions: string[] = []) {
  return {
    values,
    /** One more condition on the next parameter: add((p) => `s.category = ${p}`, category). */
    add(condition: (param: string) => string, value: unknown) {
      values.push(value);
      conditions.push(condition(`$${values.length}`));
    },
    /** "WHERE …", or nothing when there are no conditions. */
    where: () => (conditions.length ? `WHERE ${conditions.join(" AND ")}` : ""),
    page(perPage: number, page: number) {
      values.push(perPage, (page - 1) * perPage);
      return `LIMIT $${values.length - 1} OFFSET $${values.length}`;
    },
  };
}

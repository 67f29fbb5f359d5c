// The entries list: the page, its facets and the evidence of its rows (the queries
// are in repository.ts), shaped as the list answer.
import type { api, ResponseOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { countedEntryIds } from "../revalidation/service.js";
import type { Query } from "./repository.js";
import * as repo from "./repository.js";

type Answer = ResponseOf<typeof api.listEntries>;

export async function listEntries(
  deps: Deps,
  userId: string,
  q: Query,
  perPage: number,
  page: number,
): Promise<Answer> {
  const ids = q.countsTowards ? await countedIds(deps, userId, q.countsTowards) : undefined;
  // On the replica unless the caller just wrote or it lags (ADR 0032).
  const { rows, files, f, total } = await deps.reads.run({ userId }, async ({ pool }) => {
    const [pageRows, facets] = await Promise.all([
      repo.listPage(pool, userId, q, perPage, page, ids),
      repo.listFacets(pool, userId),
    ]);
    const rows = pageRows.rows;
    const rowIds = rows.map((r) => r.id);
    const files = rowIds.length ? await repo.listEvidence(pool, rowIds) : [];
    const total = rows[0]?.total ?? (page > 1 ? await repo.countAll(pool, userId, q, ids) : 0);
    return { rows, files, f: facets.rows[0], total };
  });
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      date: r.date,
      hours: r.hours,
      category: r.category,
      tags: r.tags,
      completeness: r.completeness,
      completenessPercentage: r.completeness_percentage,
      shareId: r.share_id,
      unresolvedFindings: r.unresolved_findings ?? 0,
      reviewee:
        r.type === "supervision" ? { Id: r.id, Completed: r.supervision_completed ? "1" : "0" } : null,
      evidence: files
        .filter((x) => x.entry_id === r.id)
        .map((x) => ({
          id: x.id,
          name: x.filename,
          url: `/api/file/${x.id}`,
          thumbnailUrl: x.content_type.startsWith("image/") ? `/api/file/${x.id}` : null,
          contentType: x.content_type,
        })),
    })),
    total,
    years: f?.years ?? [],
    tags: f?.tags ?? [],
    categories: f?.categories ?? [],
    governingBodies: f?.governing_bodies ?? [],
  };
}

/** `<registration id>:<requirement id>`; the contract's pattern has already checked its shape. */
function countedIds(deps: Deps, userId: string, countsTowards: string) {
  const at = countsTowards.indexOf(":");
  return countedEntryIds(deps, userId, countsTowards.slice(0, at), countsTowards.slice(at + 1));
}

export async function entryMetadata(deps: Deps, userId: string) {
  const rows = await repo.metadataRows(deps.pool, userId, deps.today());
  return rows.map((r) => ({ entryId: r.id, title: r.title, type: r.type, startDate: r.date }));
}

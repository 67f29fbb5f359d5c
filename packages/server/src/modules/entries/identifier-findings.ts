// Patient identifiers in entries (REQ-IDENT-02/03, ADR 0029): the unresolved findings of entries,
// read for a save's answer and for the gates that stop a record leaving, and the "not a patient
// identifier" resolution. The flagged text is compared and stored only as a hash and never logged.
import type { EntryType, IdentifierOptions, RecordFinding } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import type { FormDef } from "../forms/definitions.js";
import { formById } from "../forms/service.js";
import { ownIdentifiers } from "../identifiers/service.js";
import { type FindingSource, type ScannedFinding, scanEntry, unresolved } from "./identifier-rules.js";
import * as repo from "./repository.js";

const uuidLike = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/**
 * The unresolved findings of the user's entries among `entryIds`, each with its entry's id, title
 * and type, in the order of `entryIds` (ids that are not the user's entries are skipped). What
 * sharing, packs and the export check before a record leaves.
 */
export async function unresolvedFindingsOf(
  deps: Pick<Deps, "prisma">,
  userId: string,
  entryIds: string[],
): Promise<Array<RecordFinding & { entryId: string; entryTitle: string; entryType: string }>> {
  const ids = [...new Set(entryIds.filter(uuidLike))];
  if (!ids.length) return [];
  const entries = await repo.findingSources(deps.prisma, userId, ids);
  if (!entries.length) return [];
  const [rows, own] = await Promise.all([
    repo.resolutionRows(
      deps.prisma,
      entries.map((e) => e.id),
    ),
    ownIdentifiers(deps, userId),
  ]);
  const forms = new Map<string, FormDef>();
  const byId = new Map(entries.map((e) => [e.id, e]));
  const out: Array<RecordFinding & { entryId: string; entryTitle: string; entryType: string }> = [];
  for (const id of ids) {
    const e = byId.get(id);
    if (!e) continue;
    const formKey = `${e.type}:${e.formId ?? ""}`;
    let def = forms.get(formKey);
    if (!def) {
      def = await formById(deps.prisma, e.formId, e.type as EntryType);
      forms.set(formKey, def);
    }
    const resolved = new Set(rows.filter((r) => r.entryId === id).map((r) => r.textHash));
    for (const f of unresolved(scanEntry(def, e, own), resolved)) {
      out.push({ ...f, entryId: id, entryTitle: e.title, entryType: e.type });
    }
  }
  return out;
}

/**
 * Counts the findings of up to `batch` entries never checked (written before the check existed,
 * or by a path other than the save): the entry-findings job, until none is left. How many it counted.
 */
export async function countUncheckedEntries(deps: Pick<Deps, "prisma">, batch: number) {
  const rows = await repo.uncheckedEntries(deps.prisma, batch);
  const byUser = new Map<string, string[]>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.id]);
  const counts = new Map<string, number>(rows.map((r) => [r.id, 0]));
  for (const [userId, ids] of byUser)
    for (const f of await unresolvedFindingsOf(deps, userId, ids))
      counts.set(f.entryId, (counts.get(f.entryId) ?? 0) + 1);
  await repo.setFirstCounts(
    deps.prisma,
    [...counts].map(([id, count]) => ({ id, count })),
  );
  return rows.length;
}

/** Every finding of an entry about to be saved, resolved or not (the writer's own details are not flagged). */
export async function scanForSave(deps: Deps, userId: string, def: FormDef, entry: FindingSource) {
  const own: IdentifierOptions = await ownIdentifiers(deps, userId);
  return scanEntry(def, entry, own);
}

/** Inside the save's transaction, after the row is written (and so locked): stores the count. */
export async function storeFindings(
  tx: Parameters<typeof repo.setUnresolvedFindings>[0],
  entryId: string,
  findings: ScannedFinding[],
) {
  const rows = await repo.resolutionRows(tx, [entryId]);
  const open = unresolved(findings, new Set(rows.map((r) => r.textHash)));
  await repo.setUnresolvedFindings(tx, entryId, open.length);
  return { identifierFindings: open, unresolvedFindings: open.length };
}

/** The owned entry locked against a save for the caller's transaction, and all its findings; null when not theirs. */
export async function lockedFindings(
  tx: Parameters<typeof repo.setUnresolvedFindings>[0],
  userId: string,
  entryId: string,
  own: IdentifierOptions,
) {
  if (!(await repo.lockOwnedForFindings(tx, entryId, userId))) return null;
  const [entry] = await repo.findingSources(tx, userId, [entryId]);
  if (!entry) return null;
  return scanEntry(await formById(tx, entry.formId, entry.type as EntryType), entry, own);
}

// The gates before anything leaves the record (ADR 0029): sharing to Shared CPD, a supervision or
// attestation share, a portfolio, HCPC or revalidation pack and the account export answer 409
// IDENTIFIERS_FOUND, naming every finding, while what would leave holds one that is unresolved.
// Each service loads what would leave and calls one of these before it creates or queues anything.
import {
  BLOCKING_FINDINGS_MAX,
  type BlockingFinding,
  findIdentifiers,
  IDENTIFIER_FINDING_MESSAGES,
  type RecordFinding,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { AppError } from "../../lib/errors.js";
import { unresolvedFindingsOf } from "../entries/identifier-findings.js";

/** What a finding is in: an entry (by its type: diary, reflection, supervision...) or a revalidation record. */
type Where = { type: string; id: string; title: string };

/** Throws the 409 naming the findings (at most BLOCKING_FINDINGS_MAX; `total` counts them all). */
export function refuseFindings(findings: readonly BlockingFinding[], total = findings.length) {
  if (total === 0) return;
  throw new AppError(409, "IDENTIFIERS_FOUND", IDENTIFIER_FINDING_MESSAGES.blocked, {
    findings: findings.slice(0, BLOCKING_FINDINGS_MAX),
    total,
  });
}

const asBlocking = (field: string, f: Omit<RecordFinding, "field">, where: Where): BlockingFinding => ({
  field,
  kind: f.kind,
  severity: f.severity,
  start: f.start,
  end: f.end,
  reason: f.reason,
  recordType: where.type,
  recordId: where.id,
  recordTitle: where.title,
});

/** The unresolved findings of the user's entries among `entryIds` (others are skipped). */
export async function entryFindings(
  deps: Deps,
  userId: string,
  entryIds: readonly string[],
): Promise<BlockingFinding[]> {
  if (!entryIds.length) return [];
  const found = await unresolvedFindingsOf(deps, userId, [...entryIds]);
  return found.map((f) => asBlocking(f.field, f, { type: f.entryType, id: f.entryId, title: f.entryTitle }));
}

/** Refuses while any of the user's entries among `entryIds` holds an unresolved finding. */
export async function refuseEntryFindings(deps: Deps, userId: string, entryIds: readonly string[]) {
  refuseFindings(await entryFindings(deps, userId, entryIds));
}

/** Patient identifiers (severity "identifier") in one text that has no resolution of its own. */
const identifiersIn = (field: string, text: unknown, where: Where) =>
  typeof text === "string" && text
    ? findIdentifiers(text)
        .filter((f) => f.severity === "identifier")
        .map((f) => asBlocking(field, f, where))
    : [];

/**
 * Patient identifiers in revalidation records' title and details. Only severity "identifier": a
 * record has no "not a patient identifier" resolution, and the NMC's reflective discussion asks for
 * the partner's e-mail and postcode, which the near-identifier checks would otherwise always stop.
 * The submission worker judges records the same way (REQ-SUBMIT-06).
 */
export function recordFindings(
  records: readonly { id: string; title: string; details: Record<string, unknown> }[],
): BlockingFinding[] {
  return records.flatMap((r) => {
    const where: Where = { type: "record", id: r.id, title: r.title };
    return [
      ...identifiersIn("title", r.title, where),
      ...Object.entries(r.details ?? {}).flatMap(([field, text]) => identifiersIn(field, text, where)),
    ];
  });
}

/**
 * Sharing an entry (to Shared CPD, or a supervision record with its topics): the entry's unresolved
 * findings, and patient identifiers in the text typed for the share itself (`typed`: field and
 * text). That text has no resolution of its own, so, as with records, only severity "identifier"
 * stops it.
 */
export async function refuseSharedEntry(
  deps: Deps,
  userId: string,
  entry: { id: string; type: string; title: string },
  typed: readonly (readonly [field: string, text: string])[],
) {
  const where: Where = { type: entry.type, id: entry.id, title: entry.title };
  const inTyped = typed.flatMap(([field, text]) => identifiersIn(field, text, where));
  refuseFindings([...(await entryFindings(deps, userId, [entry.id])), ...inTyped]);
}

/**
 * The account export takes every entry: the count each save stores picks the flagged ones (a
 * partial index), and the findings are worked out for the first few of them and for every entry
 * not yet checked (count null, until the entry-findings job reaches it); `total` adds the stored
 * counts of the rest.
 */
export async function refuseFlaggedEntries(
  deps: Deps,
  userId: string,
  flagged: readonly { id: string; count: number | null }[],
) {
  if (!flagged.length) return;
  const counted = flagged.filter((f) => f.count !== null);
  const first = counted.slice(0, BLOCKING_FINDINGS_MAX);
  const unchecked = flagged.filter((f) => f.count === null);
  const findings = await entryFindings(
    deps,
    userId,
    [...first, ...unchecked].map((f) => f.id),
  );
  const rest = counted.slice(BLOCKING_FINDINGS_MAX).reduce((n, f) => n + (f.count ?? 0), 0);
  refuseFindings(findings, findings.length + rest);
}

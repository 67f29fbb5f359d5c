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
import { filenameFindings, type StoredFindings } from "../files/evidence-findings.js";
import { leavingFiles } from "../files/repository.js";
import { stillBeingRead } from "../files/text-check.js";

/** What a finding is in: an entry (by its type: diary, reflection, supervision...), a revalidation record, a file or the profile. */
type Where = { type: string; id: string; title: string };

/**
 * Throws the 409 naming the findings (at most BLOCKING_FINDINGS_MAX; `total` counts them all). A
 * finding in a file changes the message: a file cannot be marked "not a patient identifier".
 */
export function refuseFindings(
  findings: readonly BlockingFinding[],
  total = findings.length,
  message: string = findings.some((f) => f.recordType === "file")
    ? IDENTIFIER_FINDING_MESSAGES.blockedFile
    : IDENTIFIER_FINDING_MESSAGES.blocked,
) {
  if (total === 0) return;
  throw new AppError(409, "IDENTIFIERS_FOUND", message, {
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

/** What files would leave: chosen ones (`fileIds`), the evidence of `entryIds`, or all the user's. */
export type LeavingFiles = { fileIds?: readonly string[]; entryIds?: readonly string[]; all?: boolean };

/**
 * Patient identifiers in the user's files that would leave (ADR 0031): in each file's name as it is
 * now and in what the evidence-text job kept of its text. Only severity "identifier", as for
 * records: a file has no "not a patient identifier" resolution (the user renames, removes or
 * replaces it), and documents such as a certificate carry e-mail addresses, phone numbers and
 * postcodes that the near-identifier checks would otherwise always stop. `unlisted` counts the
 * identifiers in text beyond the findings the file keeps (EVIDENCE_MAX_FINDINGS); `flagged` names
 * the files holding any. `pending`: the files still being read, uploaded less than
 * PENDING_BLOCKS_MINUTES ago; a file that could not be read (or whose reading is older than that)
 * stops nothing but its name.
 */
async function fileFindings(deps: Deps, userId: string, sel: LeavingFiles) {
  const files = await leavingFiles(deps.prisma, userId, sel);
  const now = deps.now();
  let unlisted = 0;
  const pending: string[] = [];
  const flagged: string[] = [];
  const findings = files.flatMap((file) => {
    const where: Where = { type: "file", id: file.id, title: file.filename };
    const kept = file.identifierFindings as StoredFindings | null;
    const inText = (kept?.findings ?? []).filter((f) => f.severity === "identifier");
    const beyond = Math.max(0, (kept?.identifiers ?? inText.length) - inText.length);
    unlisted += beyond;
    if (stillBeingRead(file, now)) pending.push(file.id);
    const found = [
      ...filenameFindings(file.filename)
        .filter((f) => f.severity === "identifier")
        .map((f) => asBlocking("filename", f, where)),
      ...inText.map((f) => asBlocking("text", f, where)),
    ];
    if (found.length || beyond) flagged.push(file.id);
    return found;
  });
  return { findings, unlisted, pending, flagged };
}

/** After the findings: a file just uploaded and still being read does not leave unchecked. */
function refusePending(pending: readonly string[]) {
  if (pending.length)
    throw new AppError(409, "IDENTIFIER_CHECK_PENDING", IDENTIFIER_FINDING_MESSAGES.checking);
}

/**
 * Refuses while any of the user's entries among `entryIds` holds an unresolved finding, or a file
 * that leaves with them (`files`) holds a patient identifier; `more` adds findings found by the caller.
 */
export async function refuseEntryFindings(
  deps: Deps,
  userId: string,
  entryIds: readonly string[],
  files: LeavingFiles = {},
  more: readonly BlockingFinding[] = [],
) {
  const inFiles = await fileFindings(deps, userId, files);
  const found = [...(await entryFindings(deps, userId, entryIds)), ...inFiles.findings, ...more];
  refuseFindings(found, found.length + inFiles.unlisted);
  refusePending(inFiles.pending);
}

/**
 * An organisation manager's portfolio of a member (annual review): refused while the member's
 * entries or evidence hold a patient identifier (severity "identifier"). A near-identifier ("check
 * this": an e-mail address, a postcode) is the member's to judge and only they can mark it, so it
 * does not stop the manager, as it does not stop a record or a file. The manager reads where each
 * finding is (record type and id, field, kind, reason, positions) and never the member's text: no
 * recordTitle, since an entry's title or a file's name is the member's writing and may be the very
 * identifier found.
 */
export async function refuseMemberFindings(
  deps: Deps,
  memberId: string,
  entryIds: readonly string[],
  files: LeavingFiles,
) {
  const inFiles = await fileFindings(deps, memberId, files);
  const inEntries = (await entryFindings(deps, memberId, entryIds)).filter(
    (f) => f.severity === "identifier",
  );
  const found = [...inEntries, ...inFiles.findings].map((f) => ({ ...f, recordTitle: "" }));
  refuseFindings(found, found.length + inFiles.unlisted, IDENTIFIER_FINDING_MESSAGES.memberBlocked);
  refusePending(inFiles.pending);
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
 * stops it. `withEvidence`: the share shows the entry's evidence files too (a supervision share).
 */
export async function refuseSharedEntry(
  deps: Deps,
  userId: string,
  entry: { id: string; type: string; title: string },
  typed: readonly (readonly [field: string, text: string])[],
  withEvidence = false,
) {
  const where: Where = { type: entry.type, id: entry.id, title: entry.title };
  const inTyped = typed.flatMap(([field, text]) => identifiersIn(field, text, where));
  const inFiles = await fileFindings(deps, userId, withEvidence ? { entryIds: [entry.id] } : {});
  const found = [...(await entryFindings(deps, userId, [entry.id])), ...inTyped, ...inFiles.findings];
  refuseFindings(found, found.length + inFiles.unlisted);
  refusePending(inFiles.pending);
}

/**
 * Text typed for a share after it was made (a supervision topic added or changed): judged as at
 * sharing, severity "identifier" only, since it has no resolution of its own.
 */
export function refuseTypedForShare(
  entry: { id: string; type: string; title: string },
  typed: readonly (readonly [field: string, text: string])[],
) {
  const where: Where = { type: entry.type, id: entry.id, title: entry.title };
  refuseFindings(typed.flatMap(([field, text]) => identifiersIn(field, text, where)));
}

/**
 * What a supervision share's reviewee may not read of the record as it is now (ADR 0031): the owner
 * can change the entry, its topics and its evidence after sharing, and the reviewee reads them live.
 * `findings`: the entry's unresolved findings and patient identifiers in its topics, as at sharing
 * (no recordTitle: the reviewee is told where, never the text); while there are any the reviewee's
 * read is refused. `files`: evidence files with a patient identifier (name or kept text) or still
 * being read, which the reviewee is not shown.
 */
export async function sharedRecordWithheld(
  deps: Deps,
  userId: string,
  entry: { id: string; type: string; title: string },
  topics: readonly { title: string; actions: string }[],
) {
  const where: Where = { type: entry.type, id: entry.id, title: "" };
  const inTopics = topics.flatMap((t) => [
    ...identifiersIn("topicTitle", t.title, where),
    ...identifiersIn("topicActions", t.actions, where),
  ]);
  const inEntry = await entryFindings(deps, userId, [entry.id]);
  const inFiles = await fileFindings(deps, userId, { entryIds: [entry.id] });
  return {
    findings: [...inEntry, ...inTopics].map((f) => ({ ...f, recordTitle: "" })),
    files: new Set([...inFiles.flagged, ...inFiles.pending]),
  };
}

/** Refuses a reviewee's read while the shared record's own text holds a finding (sharedRecordWithheld). */
export function refuseSharedRead(findings: readonly BlockingFinding[]) {
  refuseFindings(findings, findings.length, IDENTIFIER_FINDING_MESSAGES.sharedBlocked);
}

/** The HCPC profile text a pack prints (the summary of practice and the four standards). */
export type HcpcProfileText = { hcpcSummary: string; hcpcStandards: readonly string[] };

/**
 * Patient identifiers in the HCPC profile text, named by field, with recordType "profile" and the
 * owner's id. Only severity "identifier": the text has no resolution of its own. The HCPC pack,
 * the submission request and the submission worker (submission/load.ts) all judge it by this.
 */
export function profileFindings(ownerId: string, text: HcpcProfileText): BlockingFinding[] {
  const where: Where = { type: "profile", id: ownerId, title: "HCPC profile" };
  return [
    ...identifiersIn("hcpcSummary", text.hcpcSummary, where),
    ...text.hcpcStandards.flatMap((t, i) => identifiersIn(`hcpcStandard${i + 1}`, t, where)),
  ];
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
  // Every stored file goes into the export too (files/<key>).
  const inFiles = await fileFindings(deps, userId, { all: true });
  const counted = flagged.filter((f) => f.count !== null);
  const first = counted.slice(0, BLOCKING_FINDINGS_MAX);
  const unchecked = flagged.filter((f) => f.count === null);
  const findings = await entryFindings(
    deps,
    userId,
    [...first, ...unchecked].map((f) => f.id),
  );
  const rest = counted.slice(BLOCKING_FINDINGS_MAX).reduce((n, f) => n + (f.count ?? 0), 0);
  refuseFindings(
    [...findings, ...inFiles.findings],
    findings.length + rest + inFiles.findings.length + inFiles.unlisted,
  );
  refusePending(inFiles.pending);
}

// What an attestation covers and what its signature's SHA-256 is over (ADR 0028): the covered
// revalidation records and diary entries as they are stored now (read through their modules'
// services), the request (kind, registration) and the signer's details, as canonical JSON
// (lib/canonical-json.ts, as supervision's). "Changed since signing" is this hash, computed when
// read, differing from the one stored at signing: no other module writes this module's table.
import type { SignerDetails } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { canonicalSha256 } from "../../lib/canonical-json.js";
import { diaryEntriesByIds } from "../entries/service.js";
import { recordsByIds } from "../revalidation/service.js";
import type { AttestationRow } from "./repository.js";

export type Covered = Awaited<ReturnType<typeof coveredContent>>;

/** The covered records and entries of the professional, as stored now (deleted ones are missing). */
export async function coveredContent(deps: Pick<Deps, "prisma">, row: AttestationRow) {
  const [records, entries] = await Promise.all([
    recordsByIds(deps, row.userId, row.recordIds),
    diaryEntriesByIds(deps, row.userId, row.entryIds),
  ]);
  return { records, entries };
}

/** The SHA-256 (hex) a signature covers. */
export function contentHash(row: AttestationRow, covered: Covered, signer: SignerDetails): string {
  return canonicalSha256({
    attestation: {
      id: row.id,
      kind: row.kind,
      regulator: row.regulator,
      registrationNumber: row.registrationNumber,
      recordIds: [...row.recordIds].sort(),
      entryIds: [...row.entryIds].sort(),
    },
    // The content, not the bookkeeping: updatedAt moves on a save that changes nothing.
    records: covered.records.map(({ updatedAt: _, ...r }) => r),
    entries: covered.entries,
    signer,
  });
}

/** Whether a signed attestation's records now hash differently from what was signed. */
export async function changedSinceSigning(deps: Pick<Deps, "prisma">, row: AttestationRow) {
  if (!row.signedHash || !row.signer) return false;
  const now = contentHash(row, await coveredContent(deps, row), row.signer as SignerDetails);
  return now !== row.signedHash;
}

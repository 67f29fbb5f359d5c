// The seam to third-party attestations (ADR 0028): the signed attestations of a registration that
// cover the pack's discussion and confirmation records, with the attester's name, the date they
// signed on, the hash the verification page checks and whether a covered record has changed since.
// Read through the attestations module's own functions: this module never reads its table.
import type { SignerDetails } from "@cpd/contract";
import type { Db } from "../../lib/db.js";
import { changedSinceSigning } from "../attestations/covered.js";
import { page } from "../attestations/repository.js";

export interface RecordSignature {
  recordId: string;
  attesterName: string;
  /** ISO date the attester signed on. */
  signedOn: string;
  hash: string;
  /** A covered record was edited after signing. */
  changedSinceSigning: boolean;
}

/** Attestations read a page at a time: a registration has a handful. */
const PAGE = 50;

export async function signaturesFor(
  db: Db,
  userId: string,
  registrationId: string,
  recordIds: readonly string[],
): Promise<RecordSignature[]> {
  const wanted = new Set(recordIds);
  const out: RecordSignature[] = [];
  for (let p = 1; ; p++) {
    const { rows, total } = await page(db, userId, registrationId, p, PAGE);
    for (const row of rows) {
      if (!row.signedAt || !row.signedHash || row.withdrawnAt) continue;
      const covered = row.recordIds.filter((id) => wanted.has(id));
      if (!covered.length) continue;
      const signer = row.signer as SignerDetails | null;
      const changed = await changedSinceSigning({ prisma: db }, row);
      for (const recordId of covered)
        out.push({
          recordId,
          attesterName: signer?.name ?? row.attesterName,
          signedOn: signer?.date ?? row.signedAt.toISOString().slice(0, 10),
          hash: row.signedHash,
          changedSinceSigning: changed,
        });
    }
    if (p * PAGE >= total) return out;
  }
}

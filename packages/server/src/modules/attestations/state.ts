// An attestation's state (ADR 0028), computed from its dates: "expired" from expiresAt at `now`,
// so no job has to mark it. And the row as the professional reads it.
import type { Attestation, AttestationKind, AttestationState, SignerDetails } from "@cpd/contract";
import type { AttestationRow } from "./repository.js";

type Dates = Pick<AttestationRow, "signedAt" | "declinedAt" | "withdrawnAt" | "expiresAt" | "openedAt">;

export function stateOf(a: Dates, now: Date): AttestationState {
  if (a.signedAt) return "signed";
  if (a.declinedAt) return "declined";
  if (a.withdrawnAt) return "withdrawn";
  if (now.getTime() >= a.expiresAt.getTime()) return "expired";
  return a.openedAt ? "opened" : "sent";
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const attestationOut = (a: AttestationRow, now: Date, changed: boolean): Attestation => ({
  id: a.id,
  kind: a.kind as AttestationKind,
  registrationId: a.registrationId,
  state: stateOf(a, now),
  attester: { name: a.attesterName, email: a.attesterEmail, mobile: a.attesterMobile },
  recordIds: a.recordIds,
  entryIds: a.entryIds,
  createdAt: a.createdAt.toISOString(),
  expiresAt: a.expiresAt.toISOString(),
  openedAt: iso(a.openedAt),
  signedAt: iso(a.signedAt),
  declinedAt: iso(a.declinedAt),
  declineReason: a.declineReason,
  withdrawnAt: iso(a.withdrawnAt),
  lastReminderAt: iso(a.lastReminderAt),
  signedHash: a.signedHash,
  recordChangedSinceSigning: changed,
  signer: (a.signer as SignerDetails | null) ?? null,
});

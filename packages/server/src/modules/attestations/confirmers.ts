// The organisation manager's read of the confirmers it appointed (REQ-ATTEST-09, ADR 0028): the
// members' NMC confirmations whose attester's e-mail, ignoring case, is one the organisation
// appointed. The attester's details are shown to no other manager and for no other kind; of them
// the manager reads the name and e-mail asked for and, once signed, what the signer filled in.
import { ATTESTATION, type AttestationKind, type api, type QueryOf, type ResponseOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { appointedConfirmers } from "../organisations/settings.js";
import * as repo from "./repository.js";
import { stateOf } from "./state.js";

type Answer = ResponseOf<typeof api.organisationConfirmations>;
type Item = Answer["items"][number];

const CONFIRMATION: AttestationKind = "nmcConfirmation";
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toItem = (r: repo.AppointedConfirmationRow, now: Date): Item => ({
  id: r.id,
  member: { id: r.memberId, name: r.memberName },
  state: stateOf(r, now),
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  openedAt: iso(r.openedAt),
  signedAt: iso(r.signedAt),
  declinedAt: iso(r.declinedAt),
  withdrawnAt: iso(r.withdrawnAt),
  attester: { name: r.attesterName, email: r.attesterEmail },
  signer: r.signedAt ? ((r.signer as Item["signer"]) ?? null) : null,
});

/** A page of the organisation's appointed confirmers' confirmations, newest first. */
export async function appointedConfirmations(
  deps: Deps,
  organisationId: number,
  q: QueryOf<typeof api.organisationConfirmations>,
): Promise<Answer> {
  const emails = await appointedConfirmers(deps, organisationId);
  if (!emails.length) return { items: [], total: 0 };
  const { rows, total } = await repo.appointedPage(deps.pool, {
    organisationId,
    kind: CONFIRMATION,
    emails,
    page: q.page ?? 1,
    perPage: q.perPage ?? ATTESTATION.perPage,
  });
  const now = deps.now();
  return { items: rows.map((r) => toItem(r, now)), total };
}

// The patient-identifier check for integrators (REQ-IDENT-04, ADR 0029): the contract's detector run
// here, on this server. The text is neither stored nor logged; only the findings are answered.
import { findIdentifiers, IDENTIFIER_SCAN_MAX_FINDINGS } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { contactFacts } from "../contact/repository.js";

/** The caller's own e-mail addresses and mobile number are theirs to write: not flagged. */
export async function scanText(deps: Deps, userId: string, text: string) {
  const facts = await contactFacts(deps.prisma, userId);
  const own = (...values: (string | null | undefined)[]) => values.filter((v): v is string => !!v);
  const findings = findIdentifiers(text, {
    ownEmail: own(facts?.email, facts?.profile?.alternativeEmail),
    ownPhone: own(facts?.profile?.mobileNumber),
  });
  return {
    findings: findings.slice(0, IDENTIFIER_SCAN_MAX_FINDINGS),
    truncated: findings.length > IDENTIFIER_SCAN_MAX_FINDINGS,
  };
}

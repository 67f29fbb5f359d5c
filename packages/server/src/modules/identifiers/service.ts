// The patient-identifier check for integrators (REQ-IDENT-04, ADR 0029): the contract's detector run
// here, on this server. The text is neither stored nor logged; only the findings are answered.
import { findIdentifiers, IDENTIFIER_SCAN_MAX_FINDINGS, type IdentifierOptions } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { contactFacts } from "../contact/repository.js";

/** The caller's own e-mail addresses and mobile number are theirs to write: not flagged. */
export async function ownIdentifiers(deps: Pick<Deps, "prisma">, userId: string): Promise<IdentifierOptions> {
  const facts = await contactFacts(deps.prisma, userId);
  const own = (...values: (string | null | undefined)[]) => values.filter((v): v is string => !!v);
  return {
    ownEmail: own(facts?.email, facts?.profile?.alternativeEmail),
    ownPhone: own(facts?.profile?.mobileNumber),
  };
}

export async function scanText(deps: Deps, userId: string, text: string) {
  const findings = findIdentifiers(text, await ownIdentifiers(deps, userId));
  return {
    findings: findings.slice(0, IDENTIFIER_SCAN_MAX_FINDINGS),
    truncated: findings.length > IDENTIFIER_SCAN_MAX_FINDINGS,
  };
}

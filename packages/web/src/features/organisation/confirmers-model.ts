// The appointed confirmers field of the organisation settings (REQ-ATTEST-09): the addresses a
// manager types, one a line (commas and spaces also part them), checked with the contract's schema
// pattern, limit and messages before saving, as the server checks them.
import {
  APPOINTED_CONFIRMER_MESSAGES,
  AppointedConfirmerEmail,
  normaliseConfirmers,
  ORGANISATION_LIMITS,
} from "@cpd/contract";

const EMAIL = new RegExp(AppointedConfirmerEmail.pattern ?? "", "u");
const MAX_LENGTH = AppointedConfirmerEmail.maxLength ?? 254;

/** The saved list as the field shows it: one address a line. */
export const confirmersText = (emails: readonly string[] | undefined) => (emails ?? []).join("\n");

/** The addresses typed, lower-cased and each once, or the message refusing them. */
export function parseConfirmers(text: string): { emails: string[] } | { error: string } {
  const typed = text.split(/[\s,;]+/).filter(Boolean);
  if (typed.some((e) => e.length > MAX_LENGTH || !EMAIL.test(e)))
    return { error: APPOINTED_CONFIRMER_MESSAGES.invalid };
  const emails = normaliseConfirmers(typed);
  if (emails.length > ORGANISATION_LIMITS.appointedConfirmers)
    return { error: APPOINTED_CONFIRMER_MESSAGES.tooMany };
  return { emails };
}

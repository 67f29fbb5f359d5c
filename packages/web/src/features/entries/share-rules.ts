// Share CPD checks (REQ-SHARE-01) with the contract's messages.
import { SHARED_CPD_DESCRIPTION_MAX, SHARED_CPD_MESSAGES } from "@cpd/contract";

export const AGREEMENT_TEXT =
  "I agree that the above does not contain any sensitive information, such as details that could identify a patient, a colleague or myself.";
export const AGREEMENT_REQUIRED = "Please confirm that the above does not contain any sensitive information";

export interface ShareDraft {
  title: string;
  category: string | null;
  description: string;
  websiteUrl: string;
  agreed: boolean;
}

export type ShareErrors = Partial<Record<keyof ShareDraft, string>>;

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return (u.protocol === "http:" || u.protocol === "https:") && Boolean(u.hostname);
  } catch {
    return false;
  }
}

export function shareErrors(d: ShareDraft): ShareErrors {
  const e: ShareErrors = {};
  if (!d.title.trim()) e.title = SHARED_CPD_MESSAGES.titleRequired;
  if (!d.category) e.category = SHARED_CPD_MESSAGES.categoryRequired;
  if (!d.description.trim()) e.description = SHARED_CPD_MESSAGES.descriptionRequired;
  else if (d.description.length > SHARED_CPD_DESCRIPTION_MAX)
    e.description = SHARED_CPD_MESSAGES.descriptionTooLong;
  if (!isHttpUrl(d.websiteUrl)) e.websiteUrl = SHARED_CPD_MESSAGES.invalidWebsite;
  if (!d.agreed) e.agreed = AGREEMENT_REQUIRED;
  return e;
}

// Instant feedback for the basic details (REQ-PROFILE-01); the server checks the same rules.
import { LIFECYCLE_MESSAGES, MESSAGES } from "@cpd/contract";

/** Loose phone check: optional +, then 7 to 15 digits with spaces, dashes, dots or brackets between. */
export function isValidMobile(value: string): boolean {
  const v = value.trim();
  if (!v) return true;
  if (!/^\+?[\d\s().-]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

export interface BasicDetailsValues {
  firstName: string;
  lastName: string;
  jobTitle: string;
  nickname: string;
  mobileNumber: string;
  alternativeEmail: string;
}

/** The loose e-mail check of REQ-PROFILE-01: text, at sign, text, dot, text (no spaces). */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

export function validateBasicDetails(
  v: BasicDetailsValues,
): Partial<Record<keyof BasicDetailsValues, string>> {
  const errors: Partial<Record<keyof BasicDetailsValues, string>> = {};
  if (!v.firstName.trim()) errors.firstName = MESSAGES.firstNameEmpty;
  if (!v.lastName.trim()) errors.lastName = MESSAGES.lastNameEmpty;
  if (!isValidMobile(v.mobileNumber)) errors.mobileNumber = MESSAGES.invalidMobile;
  if (v.alternativeEmail.trim() && !looksLikeEmail(v.alternativeEmail)) {
    errors.alternativeEmail = LIFECYCLE_MESSAGES.emailInvalid;
  }
  return errors;
}

import { MESSAGES, PASSWORD_MIN_LENGTH } from "@cpd/contract";

/**
 * Checks before sending a new password: long enough, and typed the same twice (each form has its
 * own words for the mismatch: registration and onboarding say it differently).
 */
export function checkNewPassword(
  next: string,
  confirm: string,
  mismatch: string = MESSAGES.passwordsDoNotMatch,
): string | null {
  if (next !== confirm) return mismatch;
  if (next.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordWeak;
  return null;
}

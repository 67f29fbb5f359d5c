import { MESSAGES, PASSWORD_MIN_LENGTH } from "@cpd/contract";

/** Checks before sending a new password: long enough, and typed the same twice. */
export function checkNewPassword(next: string, confirm: string): string | null {
  if (next !== confirm) return MESSAGES.passwordsDoNotMatch;
  if (next.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordWeak;
  return null;
}

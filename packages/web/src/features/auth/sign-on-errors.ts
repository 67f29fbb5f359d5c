// The messages of the error codes single sign-on sends back to a login page (`?error=CODE`).
import { type ErrorCode, LIFECYCLE_MESSAGES, MESSAGES } from "@cpd/contract";

const SIGN_ON_ERRORS: Partial<Record<ErrorCode, string>> = {
  SSO_FAILED: LIFECYCLE_MESSAGES.ssoFailed,
  SSO_NOT_CONFIGURED: LIFECYCLE_MESSAGES.ssoNotConfigured,
  SSO_OTHER_ORGANISATION: LIFECYCLE_MESSAGES.ssoOtherOrganisation,
  ORGANISATION_DISABLED: MESSAGES.organisationDisabled,
};

/** An unknown code still says sign-on failed; free text from the URL is never shown. */
export function signOnErrorMessage(code: string): string {
  return SIGN_ON_ERRORS[code as ErrorCode] ?? LIFECYCLE_MESSAGES.ssoFailed;
}

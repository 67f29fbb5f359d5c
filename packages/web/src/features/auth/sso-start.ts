// Leaving the SPA for an organisation's identity provider (through the API's start URL).
import { api } from "@cpd/contract";
import { buildUrl } from "../../lib/api-client";

/** The API's start of sign-on; redirect_to only when the page was given somewhere to go. */
export function ssoStartUrl(organisationId: number, redirectTo: string | null): string {
  return buildUrl(api.externalLoginStart.path, { organisationId }, { redirect_to: redirectTo ?? undefined });
}

/** A full-page navigation (an object, so tests can stand in for the browser). */
export const browser = {
  go(url: string) {
    window.location.assign(url);
  },
};

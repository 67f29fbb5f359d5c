/** Older or short addresses of pages that now live elsewhere. */
export const REDIRECTS: { from: string; to: string }[] = [
  { from: "diary", to: "/create/diary" },
  { from: "reflection", to: "/create/reflection" },
  { from: "supervision", to: "/create/supervision" },
  { from: "my-files", to: "/files" },
  { from: "portfolio", to: "/portfolio-builder/choose" },
];

/** Public supervision pages, outside the login guard: the reviewee's link and the PDF's check. */
export const SUPERVISION_REVIEW_PATH = "/review/supervision/:id";
export const SUPERVISION_VERIFY_PATH = "/verify/supervision/:id";
/** Public attestation pages (REQ-ATTEST-04, REQ-ATTEST-07): the attester's link and the hash check. */
export const ATTESTATION_PATH = "/attestation/:id";
export const ATTESTATION_VERIFY_PATH = "/verify/attestation/:id";

/** After onboarding, the first log-in goes on to add the new member's registrations (REQ-REVAL-02). */
export const ONBOARDING_REGISTRATIONS_PATH = "/welcome/registrations";

/** Public account pages (issue 11): registration, the e-mailed links, and organisation logins. */
export const ACCOUNT_PATHS = {
  register: "/v2/auth/register",
  confirmEmail: "/v2/auth/confirm-email/:token",
  onboard: "/v2/auth/onboard/:token",
  confirmEmailChange: "/v2/auth/confirm-email-change/:token",
  organisationLogin: "/auth/login/organisation/:organisationKey",
  organisationShortLink: "/o/:organisationKey",
  ssoLanding: "/auth/login/sso",
} as const;

/** Other addresses of the public auth pages (ADR 0024): each opens the same page as its counterpart. */
export const PAGE_ALIASES: { path: string; page: "qrLogin" | "forgotPassword" | "resetPassword" }[] = [
  { path: "/v2/auth/mobile-login", page: "qrLogin" },
  { path: "/auth/login/app", page: "qrLogin" },
  { path: "/v2/auth/forgot-password", page: "forgotPassword" },
  { path: "/auth/forgot-password", page: "forgotPassword" },
  { path: "/v2/auth/forgot-password/:id", page: "resetPassword" },
];

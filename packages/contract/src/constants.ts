// Business constants of the product (docs/requirements.md). The server enforces them;
// the SPA repeats them only for instant feedback.

export const TRIAL_ENTRY_LIMIT = 5;
/**
 * The one kind of entry the trial allowance counts (REQ-MEMBER-07, ADR 0020): the server's limit
 * and the usage gauge both count entries of this type against TRIAL_ENTRY_LIMIT.
 */
export const TRIAL_COUNTED_ENTRY_TYPE = "diary";
export const TRIAL_MONTHS = 3;
export const TRIAL_GRACE_MONTHS = 3;
export const LEGACY_CUTOFF = "2025-08-01";
export const LEGACY_DELETION_DATE = "2025-11-01";
export const FREE_STORAGE_BYTES = 100_000_000; // 100 MB, decimal units
export const MAX_FILE_BYTES = 10_485_760; // 10 MB
export const TAG_MAX_LENGTH = 50;
export const DOCUMENT_NAME_MAX_LENGTH = 100;
export const SHARED_CPD_DESCRIPTION_MAX = 400;
export const VERIFICATION_CODE_MINUTES = 15;
export const IDLE_TIMEOUT_MS = 900_000;
export const IDLE_LOGOUT_GRACE_MS = 120_000;
export const MOBILE_LOGIN_POLL_MS = 2_000;
export const OTP_TOKEN_TTL_SECONDS = 300;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const PRICE_MONTHLY_GBP = 2.99;
export const PRICE_YEARLY_GBP = 24.99;
export const DEFAULT_PAGE_SIZE = 10;

/** Usage gauge thresholds, as fractions of the limit (REQ-MEMBER-07). */
export const USAGE_THRESHOLDS = {
  entries: { high: 0.6, full: 0.8 },
  storage: { high: 0.7, full: 0.8 },
} as const;

export const ROLES = {
  userBasic: "User-Basic",
  organisationManager: "Organisation-Manager",
  admin: "Admin",
} as const;

export const ADMIN_ROLES = [
  "Admin",
  "Admin-Overview",
  "Admin-Shared-CPD",
  "Admin-Activity-Log",
  "Admin-Organisations",
  "Admin-Certificates",
  "Admin-Memberships",
] as const;

/**
 * Which roles open each admin screen (Admin opens all). Here, not in admin.ts, so the SPA's
 * eager route table can read it without the TypeBox schemas.
 */
export const ADMIN_SCREEN_ROLES = {
  overview: ["Admin", "Admin-Overview"],
  sharedCpd: ["Admin", "Admin-Shared-CPD"],
  activityLog: ["Admin", "Admin-Activity-Log"],
  organisations: ["Admin", "Admin-Organisations"],
  certificates: ["Admin", "Admin-Certificates"],
  memberships: ["Admin", "Admin-Memberships"],
  memberGroups: ["Admin"],
} as const;
export type AdminScreen = keyof typeof ADMIN_SCREEN_ROLES;

export const FEATURE_NAMES = [
  "Reflection",
  "Webinars",
  "SharedCPD",
  "OrganisationUserReview",
  "OrganisationCertificates",
  "OrganisationSharedCPD",
  "OrganisationEvents",
  "DashboardAuthenticator",
  "ProfileTabAdditionalInformation",
  "FormPercentages",
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/**
 * The switches the admin organisation form offers: every feature but DashboardAuthenticator, which
 * the features map still answers but which gates nothing the requirements name (ADR 0020).
 */
export const ORGANISATION_FORM_FEATURES: readonly FeatureName[] = FEATURE_NAMES.filter(
  (f) => f !== "DashboardAuthenticator",
);

export const GOVERNING_BODIES = [
  "HCPC",
  "NMC",
  "GMC",
  "GPhC",
  "GDC",
  "GOC",
  "GCC",
  "GOsC",
  "NRCPD",
  "PSNI",
  "SWE",
  // Bodies with their own portfolio page (GOVERNING_BODY_PAGE_CODES, docs/decisions/0025-governing-body-pages.md).
  "AHCS",
  "CORU",
  "EFI",
  "EPRR",
  "ICAEW",
  "IOSH",
  "MACP",
  "PSTT",
  "Science Council",
  "CPDresilience – Generic",
] as const;
export const RESILIENCE_GOVERNING_BODY = "CPDresilience – Generic";

export const INTEREST_OPTIONS = [
  "Advanced Practice",
  "Course Provider",
  "Education",
  "Educational Support",
  "Emergency Medicine",
  "Lecturing",
  "Mental Heath",
  "Mentorship",
  "Practice Education",
  "Preceptorship",
  "Safeguarding",
  "Specialist Field",
  "Voluntary Service",
] as const;

/** Text limits of the personal profile (REQ-PROFILE-02). */
export const PERSONAL_PROFILE_LIMITS = {
  profession: 200,
  employer: 200,
  businessWebsiteAssociated: 200,
  registrationNumber: 200,
  qualifications: 500,
  summaryOfWork: 500,
  jobDescription: 500,
  personalStatement: 1500,
  hcpcStandard1: 500,
  hcpcStandard2: 500,
  hcpcStandard3: 500,
  hcpcStandard4: 500,
} as const;

/** The personal profile's limited text fields, in the order the form shows them. */
export const PERSONAL_TEXT_FIELDS = Object.keys(
  PERSONAL_PROFILE_LIMITS,
) as (keyof typeof PERSONAL_PROFILE_LIMITS)[];

export const PERSONAL_PROFILE_LABELS: Record<keyof typeof PERSONAL_PROFILE_LIMITS, string> = {
  profession: "Profession",
  employer: "Employer",
  businessWebsiteAssociated: "Business or Website",
  registrationNumber: "Registration number",
  qualifications: "Qualifications",
  summaryOfWork: "Summary of Recent Work",
  jobDescription: "Job Description",
  personalStatement: "Personal Statement",
  hcpcStandard1: "HCPC Standard 1",
  hcpcStandard2: "HCPC Standard 2",
  hcpcStandard3: "HCPC Standard 3",
  hcpcStandard4: "HCPC Standard 4",
};

/** Messages the requirements fix word for word (docs/requirements.md). */
export const MESSAGES = {
  firstNameEmpty: "First Name must not be empty",
  lastNameEmpty: "Last name must not be empty",
  invalidMobile: "Please enter a valid mobile number",
  imageTooLarge: "File size cannot exceed 10MB",
  imageType: "Only JPEG and PNG images are accepted",
  duplicateTag: "Duplicate Tag: This tag already exists.",
  tagTooLong: "A tag cannot be longer than 50 characters",
  invalidCredentials: "The email address or password is incorrect",
  resetSent: "If an account exists for that email address, we have sent a link to reset the password.",
  resetInvalid: "This password reset link is invalid or has expired",
  otpPending: "Waiting for the mobile app to approve this login",
  otpExpired: "This QR code has expired. Please try again.",
  wrongOldPassword: "The current password is incorrect",
  passwordWeak: "The new password must be at least 8 characters long",
  passwordsDoNotMatch: "The new passwords do not match. Please try again.",
  organisationDisabled: "Your organisation is not enabled. Please contact support",
  entryLimit: "Entry limit reached! Upgrade to continue adding entries",
  notCancellable: "This membership cannot be cancelled",
  lockedByOrganisation: "This value is set by your organisation",
  noUserFound: "No user found",
} as const;

/** Refusals of a locked or switched-off feature (ADR 0020); the API answers them with 403 FEATURE_LOCKED. */
export const FEATURE_MESSAGES = {
  upgrade: "Upgrade to Premium to use this feature",
  switchedOff: "This feature is switched off for your account",
  reflectionOff: "Reflections are switched off for your account",
  supervisionOff: "Supervision is switched off for your account",
  additionalInformationOff: "Additional information is switched off for your account",
  userReviewOff: "Annual reviews are switched off for your organisation",
  certificatesOff: "Certificates are switched off for your organisation",
  sharedCpdOff: "Shared CPD management is switched off for your organisation",
  eventsOff: "Events are switched off for your organisation",
} as const;

export const PASSWORD_MIN_LENGTH = 8;

// Account lifecycle (REQ-CONTACT-01..03, REQ-ACCOUNT-01..04, REQ-AUTH-04, REQ-AUTH-05): the
// limits and the messages the server answers and the SPA shows. One definition.
import { ukLongDate } from "./london-time.js";
import { Text } from "./primitives.js";

export const LIFECYCLE = {
  /** Contact verification codes (REQ-CONTACT-01): 6 digits, 15 minutes, single use. */
  verificationCodeDigits: 6,
  verificationCodeMinutes: 15,
  /** Wrong codes before the code is burned and a new one must be requested. */
  verificationMaxAttempts: 5,
  /** A new code cannot be requested more often than this. */
  verificationResendSeconds: 30,
  /** Registration confirmation and e-mail change links. */
  confirmationLinkHours: 48,
  /** Confirmation (and "address already registered") e-mails: at most one per user this often. */
  confirmationResendMinutes: 10,
  emailChangeLinkHours: 24,
  /** Onboarding links sent when an organisation adds a user. */
  onboardingLinkDays: 14,
  /** E-mail change history page size (REQ-CONTACT-03). */
  emailHistoryPageSize: 10,
  /** Account deletion delays in days (REQ-ACCOUNT-01); null = immediately. Date = today + delay + 1. */
  deletionDelays: [1, 7, 30] as const,
  defaultDeletionDelay: 7,
  /** Warning e-mails before an automatic deletion (trial or legacy expiry). */
  deletionWarningDays: [30, 7] as const,
  /** Membership webhook: a signature older or newer than this is refused (replay window). */
  webhookToleranceSeconds: 300,
  /** Where the SPA sends the user after an e-mail change is confirmed (REQ-CONTACT-02). */
  emailChangeRedirectMs: 3000,
  /** The upgrade modal's delay after the trial and deletion lookups (REQ-MEMBER-09). */
  upgradeModalDelayMs: 1500,
  /** The welcome video is skipped on narrower screens (REQ-SHELL-04). */
  welcomeVideoMinWidth: 800,
} as const;

/** Governing bodies offered at onboarding (REQ-AUTH-05). "Other / None" saves none. */
export const ONBOARDING_GOVERNING_BODIES = ["HCPC", "NMC", "NRCPD", "Other / None"] as const;

/** Messages fixed by the requirements, or ours where they are silent. */
export const LIFECYCLE_MESSAGES = {
  registered: "Registration Successful. Please check your email to confirm your account.",
  passwordsDoNotMatch: "Please make sure both passwords match and try again",
  captchaMissing:
    "Unknown error occurred. Please try again. If the problem persists, please contact support.",
  captchaFailed: "The captcha check failed. Please try again.",
  emailInvalid: "Please enter a valid email address",
  emailRegistered: "An account already exists for this email address. You can reset your password instead.",
  emailAvailable: "This email address can be used.",
  emailNotConfirmed:
    "Please confirm your email address before logging in. We have sent you a new confirmation link.",
  confirmationInvalid: "This confirmation link is invalid or has expired. Please log in to get a new one.",
  confirmed: "Your email address is confirmed. You can now log in.",
  onboardingInvalid: "That link is no longer valid. Please log in or reset your password.",
  onboardingPasswordsDoNotMatch: "The passwords do not match",
  onboarded: "Your password is set. You can now log in.",
  codeFormat: "The verification code must be exactly 6 digits",
  codeWrong: "The verification code is incorrect. Please try again.",
  codeExpired: "The verification code has expired. Please request a new one.",
  codeAttempts: "Too many incorrect codes. Please request a new one.",
  noMobile: "Please add a mobile number to your profile first",
  noAlternativeEmail: "Please add an alternative email address to your profile first",
  alreadyVerified: "This contact detail is already verified",
  smsUnavailable: "Text messages cannot be sent at the moment. Please try again later.",
  codeSentMobile: "A verification code has been sent to your mobile number",
  codeSentEmail: "A verification code has been sent to your alternative email address",
  mobileVerified: "Mobile Number Verified",
  alternativeEmailVerified: "Alternative Email Address Verified",
  emailsDoNotMatch: "The provided emails do not match. Please try again.",
  sameEmail: "This is already your email address",
  emailTaken: "This email address cannot be used. Please choose another.",
  ssoManaged: "Your email address is managed by your organisation. Please contact them to change it.",
  ssoPasswordManaged: "Your password is managed by your organisation. Please contact them to change it.",
  emailChangeSent: "We have sent a verification link to your new email address. Please log in again.",
  emailChangeNoToken: "A verification code has not been provided in the url",
  emailChangeInvalid: "This email change link is invalid or has expired",
  emailChanged: "Your email address has been changed. Please log in with the new address.",
  noHistory: "No email change history recorded",
  deletionDate: "The deletion date must be 1, 7 or 30 days from today, plus one day",
  deletionConfirm: "Please tick the box to confirm that you want to delete your account",
  deletionCancelFullOnly: "Only full members can cancel a scheduled deletion",
  deletionNotScheduled: "No deletion is scheduled for this account",
  deletedNow: "Your account and everything in it is being deleted.",
  ssoFailed: "Single sign-on failed. Please try again or contact your organisation.",
  ssoNotConfigured: "This organisation does not use single sign-on",
  ssoOtherOrganisation: "This account belongs to another organisation. Please use its login page.",
  exportRequested: "Your export is being prepared. We will email you a link when it is ready.",
  exportNotFound: "This export is no longer available. Please request a new one.",
  webhookSignature: "Invalid signature",
  webhookUnavailable: "Payments are not set up on this server",
} as const;

/** The answer to scheduling a deletion (REQ-ACCOUNT-01): "Your account will be deleted on 8 December 2026." */
export const deletionScheduledMessage = (isoDate: string) =>
  `Your account will be deleted on ${ukLongDate(isoDate)}.`;

/** A 6-digit verification code (REQ-CONTACT-01). */
export const VerificationCode = Text({ pattern: "^[0-9]{6}$", minLength: 6, maxLength: 6 });

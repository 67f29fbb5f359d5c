// Toast and alert titles the requirements fix word for word that only the SPA shows (ADR 0024);
// messages the server also sends live in @cpd/contract (MESSAGES).
export const TOASTS = {
  impersonateFailed: "Failed to impersonate user",
  previewFailed: "Failed to Preview File",
  validateEmailFailed: "Failed to validate email",
  updateProfileFailed: "Failed to update profile",
  resetPasswordsDiffer: "The two passwords do not match. Please try again.",
  organisationLoginFailed: "Failed to login..",
} as const;

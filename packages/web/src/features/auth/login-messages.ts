// Success messages that arrive with the login route: navigation state from our
// own screens, or a flag in the query (e.g. after a change-of-email link).
// Free text from the URL is never shown, so links cannot put words in our mouth.
const FLAGS: Record<string, string> = {
  "password-reset": "Your password has been reset. Please log in with your new password.",
  "email-changed": "Your email address has been changed. Please log in with your new email address.",
  "logged-out": "You have been logged out.",
};

export function loginSuccessMessage(params: URLSearchParams, state: unknown): string {
  const fromState = (state as { message?: unknown } | null)?.message;
  if (typeof fromState === "string" && fromState) return fromState;
  const flag = params.get("success") ?? (params.get("emailChanged") === "true" ? "email-changed" : null);
  return (flag && FLAGS[flag]) || "";
}

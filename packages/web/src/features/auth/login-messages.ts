// Messages that arrive with the login routes: navigation state from our own screens, a flag in
// the query (e.g. after a change-of-email link), or an error code the server's single sign-on
// redirect put there. Free text from the URL is never shown, so links cannot put words in our mouth.
import { useEffect, useState } from "react";

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

/**
 * `?error=CODE` from a failed single sign-on, as the message to show ("" while none). The codes'
 * messages load only when there is one: the contract's lifecycle module brings TypeBox with it,
 * too much for the login page's JavaScript budget.
 */
export function useSignOnError(params: URLSearchParams): string {
  const code = params.get("error");
  const [shown, setShown] = useState<{ code: string; text: string } | null>(null);
  useEffect(() => {
    if (!code) return;
    let live = true;
    import("./sign-on-errors").then((m) => live && setShown({ code, text: m.signOnErrorMessage(code) }));
    return () => {
      live = false;
    };
  }, [code]);
  return code && shown?.code === code ? shown.text : "";
}

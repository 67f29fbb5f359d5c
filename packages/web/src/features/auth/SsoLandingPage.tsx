// Where the server's single sign-on sends the browser back: `?otp=<one-time token>&redirectTo=`.
// The token is exchanged for a session like the QR login's, then the user goes on.
import { api, LIFECYCLE_MESSAGES } from "@cpd/contract";
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { call } from "../../lib/api-client";
import { ApiError } from "../../lib/api-error";
import { errorMessage } from "../../lib/error-messages";
import { safeRedirect } from "../../lib/redirect";
import { session } from "../../lib/session";
import { AuthLayout } from "./AuthLayout";
import { LinkOutcome } from "./LinkOutcome";
import { useCallOnOpen } from "./use-call-on-open";

/** The server already made redirectTo safe; still, only a path of this origin is followed. */
export function sameOriginPath(target: string | null): string | null {
  if (!target) return null;
  if (target.startsWith("/")) return target;
  try {
    const url = new URL(target);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

export default function SsoLandingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const otp = params.get("otp") ?? "";
  const target = safeRedirect(sameOriginPath(params.get("redirectTo")));
  const state = useCallOnOpen(otp, () =>
    otp
      ? call(api.otpLogin, { body: { token: otp } })
      : Promise.reject(new Error(LIFECYCLE_MESSAGES.ssoFailed)),
  );

  useEffect(() => {
    if (state.kind !== "done") return;
    // Stored like a password login with "remember me" ticked (its default).
    session.login(state.value.token, state.value.roles, true);
    navigate(target, { replace: true });
  }, [state, target, navigate]);

  // A refused token (used, expired: the server words those for the QR login) is a failed sign-on;
  // being offline or a server failure says so.
  const failed =
    state.kind !== "failed"
      ? null
      : state.error instanceof ApiError &&
          state.error.status !== undefined &&
          state.error.status >= 400 &&
          state.error.status < 500
        ? LIFECYCLE_MESSAGES.ssoFailed
        : otp
          ? errorMessage(state.error) || LIFECYCLE_MESSAGES.ssoFailed
          : LIFECYCLE_MESSAGES.ssoFailed;
  return (
    <AuthLayout title="Single sign-on">
      <LinkOutcome
        busyLabel="Signing you in"
        status={failed ? { tone: "error", title: "Single sign-on failed", text: failed } : null}
      />
    </AuthLayout>
  );
}

import { type ComponentType, useEffect, useState } from "react";
import { Navigate, useLocation, useSearchParams } from "react-router-dom";
import { safeRedirect } from "../../lib/redirect";
import type { Status } from "../../lib/StatusAlert";
import { useSession } from "../../lib/session";
import { ACCOUNT_PATHS } from "../../routes/paths";
import { AuthLayout } from "./AuthLayout";
import { AuthLink, ui } from "./auth-ui";
import { loginSuccessMessage, useSignOnError } from "./login-messages";
import { PasswordLoginForm } from "./PasswordLoginForm";

/**
 * The configured video and links, from their own chunk after the form (ADR 0024); nothing until it
 * arrives, or if it fails. Not a Suspense boundary: React holds a boundary's content back for
 * 300 ms after its fallback (ADR 0039), and with it the call for what it shows.
 */
function useLoginExtras(): ComponentType | null {
  const [extras, setExtras] = useState<{ Component: ComponentType } | null>(null);
  useEffect(() => {
    let live = true;
    import("./LoginExtras").then((m) => live && setExtras({ Component: m.default })).catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return extras?.Component ?? null;
}

export default function LoginPage() {
  const state = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const target = safeRedirect(params.get("redirect"));
  const failed = useSignOnError(params);
  const success = loginSuccessMessage(params, location.state);
  const LoginExtras = useLoginExtras();

  // Logged in (now or already): go where the user was heading.
  if (state) return <Navigate to={target} replace />;

  const notice: Status | null = failed
    ? { tone: "error", title: "Failed to sign in", text: failed }
    : success
      ? { tone: "success", title: "Success", text: success }
      : null;

  return (
    <AuthLayout title="Log in" after={LoginExtras && <LoginExtras />}>
      <PasswordLoginForm notice={notice}>
        <p className={ui.note}>
          New here? <AuthLink to={ACCOUNT_PATHS.register}>Create an account</AuthLink>
        </p>
        <p className={ui.note}>
          Using the mobile app? <AuthLink to="/login/app">Log in with a QR code</AuthLink>
        </p>
      </PasswordLoginForm>
    </AuthLayout>
  );
}

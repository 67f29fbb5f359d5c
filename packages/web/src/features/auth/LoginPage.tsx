import { lazy, Suspense } from "react";
import { Navigate, useLocation, useSearchParams } from "react-router-dom";
import { safeRedirect } from "../../lib/redirect";
import type { Status } from "../../lib/StatusAlert";
import { useSession } from "../../lib/session";
import { ACCOUNT_PATHS } from "../../routes/paths";
import { AuthLayout } from "./AuthLayout";
import { AuthLink, ui } from "./auth-ui";
import { loginSuccessMessage, useSignOnError } from "./login-messages";
import { PasswordLoginForm } from "./PasswordLoginForm";

// Its own chunk: the configured video and links come after the form (ADR 0024).
const LoginExtras = lazy(() => import("./LoginExtras"));

export default function LoginPage() {
  const state = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const target = safeRedirect(params.get("redirect"));
  const failed = useSignOnError(params);
  const success = loginSuccessMessage(params, location.state);

  // Logged in (now or already): go where the user was heading.
  if (state) return <Navigate to={target} replace />;

  const notice: Status | null = failed
    ? { tone: "error", title: "Failed to sign in", text: failed }
    : success
      ? { tone: "success", title: "Success", text: success }
      : null;

  return (
    <AuthLayout
      title="Log in"
      after={
        <Suspense fallback={null}>
          <LoginExtras />
        </Suspense>
      }
    >
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

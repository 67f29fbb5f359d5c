// The e-mail and password form of the login pages (the product's own and an organisation's).
// On the login route: React, the router and small modules only, no Mantine (its JavaScript
// budget, ADR 0033).
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { errorMessage } from "../../lib/error-messages";
import type { Status } from "../../lib/StatusAlert";
import { session } from "../../lib/session";
import {
  AuthCheckbox,
  AuthField,
  AuthLink,
  AuthPasswordField,
  AuthStatusRegion,
  AuthSubmit,
  ui,
} from "./auth-ui";

/** Logs in and stores the session; the page redirects once the session exists. */
export function PasswordLoginForm({
  notice,
  children,
  failureTitle = "Failed to sign in",
}: {
  notice: Status | null;
  children?: ReactNode;
  /** The red alert's title when the login is refused. */
  failureTitle?: string;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    setBusy(true);
    // The next screen sits inside Mantine's provider, which the login page does without (ADR 0033):
    // its chunk loads beside the login call instead of after it.
    import("../../routes/MantineRoot").catch(() => undefined);
    try {
      // The contract's schemas (and TypeBox) load when the form is sent, not with the page:
      // the login page's JavaScript budget is 120 KB gzipped.
      const { requestLogin } = await import("./login-call");
      const res = await requestLogin({ email: email.trim(), password, temporary: !remember });
      session.login(res.token, res.roles, remember);
    } catch (err) {
      // REQ-AUTH-01: show the server message in a red alert and clear the form.
      setError(errorMessage(err) || "Failed to sign in");
      setEmail("");
      setPassword("");
      setBusy(false);
      emailRef.current?.focus();
    }
  }

  return (
    <form onSubmit={submit}>
      <div className={ui.stack}>
        <AuthStatusRegion
          id="login-messages"
          status={error ? { tone: "error", title: failureTitle, text: error } : notice}
        />
        <AuthField
          ref={emailRef}
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
        />
        <AuthPasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <div className={ui.row}>
          <AuthCheckbox label="Remember me" checked={remember} onChange={setRemember} />
          <AuthLink to="/forgot-password" small>
            Forgot password?
          </AuthLink>
        </div>
        <AuthSubmit busy={busy}>Log in</AuthSubmit>
        {children}
      </div>
    </form>
  );
}

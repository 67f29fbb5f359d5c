// The e-mail and password form of the login pages (the product's own and an organisation's).
// On the login route: Mantine, the router and small modules only (its JavaScript budget).
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack } from "@mantine/core";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { errorMessage } from "../../lib/error-messages";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { session } from "../../lib/session";
import { EmailInput } from "./auth-fields";

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
    try {
      // The contract's schemas (and TypeBox) load when the form is sent, not with the page:
      // the login page's JavaScript budget is 150 KB gzipped.
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
      <Stack gap="md">
        <StatusRegion
          id="login-messages"
          status={error ? { tone: "error", title: failureTitle, text: error } : notice}
        />
        <EmailInput ref={emailRef} autoComplete="username" value={email} onChange={setEmail} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="space-between" wrap="wrap">
          <Checkbox
            label="Remember me"
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />
          <Anchor component={Link} to="/forgot-password" fz="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" loading={busy} fullWidth>
          Log in
        </Button>
        {children}
      </Stack>
    </form>
  );
}

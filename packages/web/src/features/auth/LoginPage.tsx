import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { Link, Navigate, useLocation, useSearchParams } from "react-router-dom";
import { errorMessage } from "../../lib/error-messages";
import { safeRedirect } from "../../lib/redirect";
import { StatusRegion } from "../../lib/StatusAlert";
import { session, useSession } from "../../lib/session";
import { AuthLayout } from "./AuthLayout";
import { EmailInput } from "./auth-fields";
import { loginSuccessMessage } from "./login-messages";

export default function LoginPage() {
  const state = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const target = safeRedirect(params.get("redirect"));
  const success = loginSuccessMessage(params, location.state);

  // Logged in (now or already): go where the user was heading.
  if (state) return <Navigate to={target} replace />;

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
      // Spec 1 §8: show the server message in a red alert and clear the form.
      setError(errorMessage(err) || "Failed to sign in");
      setEmail("");
      setPassword("");
      setBusy(false);
      emailRef.current?.focus();
    }
  }

  return (
    <AuthLayout title="Log in">
      <form onSubmit={submit}>
        <Stack gap="md">
          <StatusRegion
            id="login-messages"
            status={
              error
                ? { tone: "error", title: "Failed to sign in", text: error }
                : success
                  ? { tone: "success", title: "Success", text: success }
                  : null
            }
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
          <Text fz="sm" ta="center">
            Using the mobile app?{" "}
            <Anchor component={Link} to="/login/app">
              Log in with a QR code
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}

import { api, MESSAGES, PASSWORD_MIN_LENGTH } from "@cpd/contract";
import { Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { call } from "../../lib/api-client";
import { errorMessage } from "../../lib/error-messages";
import { StatusAlert } from "../../lib/StatusAlert";
import { AuthLayout } from "./AuthLayout";

export default function ResetPasswordPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    if (password.length < PASSWORD_MIN_LENGTH) return setError(MESSAGES.passwordWeak);
    if (password !== confirm) return setError(MESSAGES.passwordsDoNotMatch);
    setBusy(true);
    try {
      const res = await call(api.completeReset, { params: { id }, body: { password } });
      navigate("/login", { replace: true, state: { message: res.message } });
    } catch (err) {
      setError(errorMessage(err) || "Unknown error");
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Set a new password">
      <form onSubmit={submit}>
        <Stack gap="md">
          <div aria-live="polite">
            {error && (
              <StatusAlert tone="error" title="Password not changed">
                {error}
              </StatusAlert>
            )}
          </div>
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy} fullWidth>
            Reset password
          </Button>
          <Anchor component={Link} to="/login" ta="center" fz="sm">
            Back to log in
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}

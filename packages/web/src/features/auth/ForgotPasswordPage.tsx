import { api } from "@cpd/contract";
import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { call } from "../../lib/api-client";
import { errorMessage } from "../../lib/error-messages";
import { StatusAlert } from "../../lib/StatusAlert";
import { AuthLayout } from "./AuthLayout";

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const res = await call(api.requestReset, { body: { email: email.trim() } });
      setResult({ ok: true, text: res.message });
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err) || "Unknown error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Forgot password">
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text>
            Enter the email address of your account and we will send you a link to reset your password.
          </Text>
          <div aria-live="polite">
            {result && (
              <StatusAlert
                tone={result.ok ? "success" : "error"}
                title={result.ok ? "Password Reset" : "Failed to request a password reset"}
              >
                {result.text}
              </StatusAlert>
            )}
          </div>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy} fullWidth>
            Send reset link
          </Button>
          <Anchor component={Link} to="/login" ta="center" fz="sm">
            Back to log in
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}

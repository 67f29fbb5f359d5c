import { api } from "@cpd/contract";
import { Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { call } from "../../lib/api-client";
import { errorMessage } from "../../lib/error-messages";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { AuthLayout } from "./AuthLayout";
import { EmailInput, SubmitAndBack } from "./auth-fields";

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Status | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const res = await call(api.requestReset, { body: { email: email.trim() } });
      setResult({ tone: "success", title: "Password Reset", text: res.message });
    } catch (err) {
      const text = errorMessage(err) || "Unknown error";
      setResult({ tone: "error", title: "Failed to request a password reset", text });
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
          <StatusRegion status={result} />
          <EmailInput autoComplete="email" value={email} onChange={setEmail} />
          <SubmitAndBack label="Send reset link" busy={busy} />
        </Stack>
      </form>
    </AuthLayout>
  );
}

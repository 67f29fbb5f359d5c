import { api, MESSAGES, PASSWORD_MIN_LENGTH } from "@cpd/contract";
import { Stack } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { call } from "../../lib/api-client";
import { errorMessage } from "../../lib/error-messages";
import { StatusRegion } from "../../lib/StatusAlert";
import { TOASTS } from "../../lib/toast-messages";
import { NewPasswordFields, notChanged } from "../account";
import { AuthLayout } from "./AuthLayout";
import { SubmitAndBack } from "./auth-fields";

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
    if (password !== confirm) return setError(TOASTS.resetPasswordsDiffer);
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
          <StatusRegion status={notChanged(error)} />
          <NewPasswordFields next={password} confirm={confirm} onNext={setPassword} onConfirm={setConfirm} />
          <SubmitAndBack label="Reset password" busy={busy} />
        </Stack>
      </form>
    </AuthLayout>
  );
}

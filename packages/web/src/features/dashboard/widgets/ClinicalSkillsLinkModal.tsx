import { Alert, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { ApiError } from "../../../lib/api-error";
import { FormActions } from "../../../lib/FormActions";
import { notifyError } from "../../../lib/notify";
import { useLinkClinicalSkills } from "../queries";

const LINK_MESSAGES: Record<number, string> = {
  400: "Please enter a valid email address and password.",
  403: "Your email and password combination was not recognised.",
};

/** Links the member's Clinical Skills account (its e-mail address and password). */
export function LinkModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const link = useLinkClinicalSkills();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError(LINK_MESSAGES[400] ?? null);
      return;
    }
    setError(null);
    link.mutate(
      { emailAddress: email.trim(), password },
      {
        onSuccess: () => {
          setPassword("");
          onClose();
        },
        onError: (err) => {
          const known = err instanceof ApiError && err.status ? LINK_MESSAGES[err.status] : undefined;
          if (known) setError(known);
          else notifyError("Failed to link account", err);
        },
      },
    );
  }
  return (
    <Modal opened={opened} onClose={onClose} title="Link your Clinical Skills account">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm">Sign in with your Clinical Skills account. Your password is not stored.</Text>
          {error && (
            <Alert color="red" variant="light" role="alert" styles={{ message: { color: "#a51d1d" } }}>
              {error}
            </Alert>
          )}
          <TextInput
            label="Email address"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <FormActions submitLabel="Link account" pending={link.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

import { api, PASSWORD_MIN_LENGTH } from "@cpd/contract";
import { Button, Card, Group, PasswordInput, Stack, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { call } from "../../lib/api-client";
import { errorMessage } from "../../lib/error-messages";
import { notifySuccess } from "../../lib/notify";
import { StatusAlert } from "../../lib/StatusAlert";
import { session } from "../../lib/session";
import { checkNewPassword } from "./password-rules";

const EMPTY = { oldPassword: "", newPassword: "", confirm: "" };

export function ChangePasswordCard() {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState("");
  const change = useMutation({
    mutationFn: () =>
      call(api.changePassword, {
        body: { oldPassword: values.oldPassword, newPassword: values.newPassword },
      }),
    onSuccess: (res) => {
      // Older tokens stop working: keep the new one.
      session.replaceToken(res.token, res.roles);
      setValues(EMPTY);
      notifySuccess("Password Changed");
    },
    onError: (err) => setError(errorMessage(err) || "Unknown error"),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkNewPassword(values.newPassword, values.confirm);
    setError(problem ?? "");
    if (!problem) change.mutate();
  }

  const input = (name: keyof typeof EMPTY, label: string, autoComplete: string, description?: string) => (
    <PasswordInput
      label={label}
      required
      autoComplete={autoComplete}
      description={description}
      value={values[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
    />
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="change-password-title">
      <Title order={2} fz="h3" id="change-password-title" mb="md">
        Change password
      </Title>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <div aria-live="polite">
            {error && (
              <StatusAlert tone="error" title="Password not changed">
                {error}
              </StatusAlert>
            )}
          </div>
          {input("oldPassword", "Current password", "current-password")}
          {input("newPassword", "New password", "new-password", `At least ${PASSWORD_MIN_LENGTH} characters`)}
          {input("confirm", "Confirm new password", "new-password")}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

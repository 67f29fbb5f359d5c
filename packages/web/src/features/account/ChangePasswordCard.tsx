import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/error-messages";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../../lib/SectionCard";
import { StatusRegion } from "../../lib/StatusAlert";
import { session } from "../../lib/session";
import { NewPasswordFields, notChanged } from "./NewPasswordFields";
import { checkNewPassword } from "./password-rules";
import { useChangePassword } from "./queries";

const EMPTY = { oldPassword: "", newPassword: "", confirm: "" };

export function ChangePasswordCard() {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState("");
  const change = useChangePassword({
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
    if (!problem) change.mutate({ oldPassword: values.oldPassword, newPassword: values.newPassword });
  }

  const set = (name: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  return (
    <SectionCard size="lg" title="Change password">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <StatusRegion status={notChanged(error)} />
          <PasswordInput
            label="Current password"
            required
            autoComplete="current-password"
            value={values.oldPassword}
            onChange={(e) => set("oldPassword")(e.currentTarget.value)}
          />
          <NewPasswordFields
            next={values.newPassword}
            confirm={values.confirm}
            onNext={set("newPassword")}
            onConfirm={set("confirm")}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

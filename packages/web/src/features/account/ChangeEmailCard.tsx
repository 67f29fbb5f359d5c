import { LIFECYCLE_MESSAGES } from "@cpd/contract";
import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { errorMessage } from "../../lib/error-messages";
import { SectionCard } from "../../lib/SectionCard";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { logout } from "../auth";
import { useBranding } from "../shell";
import { emailChangeProblem } from "./account-rules";
import { useRequestEmailChange } from "./queries";

const notChanged = (text: string): Status => ({ tone: "error", title: "Email not changed", text });

/**
 * REQ-CONTACT-02: the new address twice; a link goes to it and the user is logged out and sent
 * to login, where the server's message is shown. Organisations that sign their users in manage
 * the address themselves (the fields are disabled with a note).
 */
export function ChangeEmailCard() {
  const navigate = useNavigate();
  const sso = useBranding().data?.usesOauth === true;
  const [email, setEmail] = useState("");
  const [confirm, setConfirm] = useState("");
  const [status, setStatus] = useState<Status | null>(null);

  const change = useRequestEmailChange({
    onSuccess: async (res) => {
      setStatus({ tone: "success", title: "Check your new email", text: res.message });
      await logout();
      navigate("/login", { replace: true, state: { message: res.message } });
    },
    onError: (err) => setStatus(notChanged(errorMessage(err) || "Unknown error")),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = emailChangeProblem(email, confirm);
    setStatus(problem ? notChanged(problem) : null);
    if (!problem) change.mutate(email.trim());
  }

  return (
    <SectionCard
      size="lg"
      title="Change email"
      action={
        <Anchor component={Link} to="/email-history" fz="sm">
          Email history
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {sso ? (
            <Text fz="sm">{LIFECYCLE_MESSAGES.ssoManaged}</Text>
          ) : (
            <Text fz="sm" c="dimmed">
              We will send a link to the new address. Your email changes when you open it; you will be logged
              out now and can log in again with your current address until then.
            </Text>
          )}
          <StatusRegion status={status} />
          {[
            { label: "New email address", value: email, set: setEmail },
            { label: "Confirm new email address", value: confirm, set: setConfirm },
          ].map((f) => (
            <TextInput
              key={f.label}
              label={f.label}
              type="email"
              autoComplete="email"
              required
              disabled={sso}
              value={f.value}
              onChange={(e) => f.set(e.currentTarget.value)}
            />
          ))}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={change.isPending}
              disabled={sso || !email.trim() || !confirm.trim()}
            >
              Change email
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

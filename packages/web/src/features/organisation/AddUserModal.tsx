import { Button, Modal, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/error-messages";
import { ModalActions } from "../../lib/ModalActions";
import { notifySuccess } from "../../lib/notify";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { useAddOrganisationUser } from "./queries";

const EMPTY = { firstName: "", lastName: "", email: "" };

/** What the organisation's member modals (add one, import many) are given. */
export interface MemberModalProps {
  organisationId: number;
  opened: boolean;
  onClose: () => void;
}

/** Adds a member: the server makes the account and e-mails them the onboarding link. */
export function AddUserModal({ organisationId, opened, onClose }: MemberModalProps) {
  const [form, setForm] = useState(EMPTY);
  const [status, setStatus] = useState<Status | null>(null);
  const add = useAddOrganisationUser(organisationId, {
    onSuccess: (res) => {
      notifySuccess("User added", res.message);
      setForm(EMPTY);
      setStatus(null);
      onClose();
    },
    onError: (err) =>
      setStatus({ tone: "error", title: "User not added", text: errorMessage(err) || "Unknown error" }),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const missing = !form.firstName.trim()
      ? "a first name"
      : !form.lastName.trim()
        ? "a last name"
        : !form.email.trim()
          ? "an email address"
          : null;
    if (missing) setStatus({ tone: "error", title: "User not added", text: `Please enter ${missing}.` });
    else
      add.mutate({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        email: form.email.trim(),
      });
  }
  const field = (name: keyof typeof EMPTY, label: string, type = "text") => (
    <TextInput
      label={label}
      required
      type={type}
      autoComplete="off"
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.currentTarget.value })}
    />
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Add user">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <StatusRegion status={status} />
          {field("firstName", "First name")}
          {field("lastName", "Last name")}
          {field("email", "Email address", "email")}
          <ModalActions onClose={onClose}>
            <Button type="submit" loading={add.isPending}>
              Add user
            </Button>
          </ModalActions>
        </Stack>
      </form>
    </Modal>
  );
}

import { PASSWORD_MIN_LENGTH } from "@cpd/contract";
import { PasswordInput } from "@mantine/core";
import type { Status } from "../../lib/StatusAlert";

/** The new password typed twice (resetting, changing or setting a first password). */
export function NewPasswordFields(props: {
  next: string;
  confirm: string;
  onNext: (value: string) => void;
  onConfirm: (value: string) => void;
  /** A first password (registration, onboarding) is not "new". */
  first?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label={props.first ? "Password" : "New password"}
        description={`At least ${PASSWORD_MIN_LENGTH} characters`}
        autoComplete="new-password"
        required
        value={props.next}
        onChange={(e) => props.onNext(e.currentTarget.value)}
      />
      <PasswordInput
        label={props.first ? "Confirm password" : "Confirm new password"}
        autoComplete="new-password"
        required
        value={props.confirm}
        onChange={(e) => props.onConfirm(e.currentTarget.value)}
      />
    </>
  );
}

/** The alert for a password that was not changed (none without a message). */
export const notChanged = (error: string): Status | null =>
  error ? { tone: "error", title: "Password not changed", text: error } : null;

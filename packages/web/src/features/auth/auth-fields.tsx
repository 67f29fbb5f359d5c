// Pieces the logged-out forms share (Mantine's fields). The login page itself uses the plain
// controls of auth-ui.tsx instead: no Mantine on its JavaScript (ADR 0033).
import { Anchor, Button, TextInput, type TextInputProps } from "@mantine/core";
import type { Ref } from "react";
import { Link } from "react-router-dom";

export function EmailInput({
  onChange,
  ...rest
}: {
  value: string;
  onChange: (value: string) => void;
  autoComplete: "username" | "email";
  ref?: Ref<HTMLInputElement>;
} & Pick<TextInputProps, "onBlur" | "error" | "description">) {
  return <TextField {...rest} label="Email" type="email" required onChange={onChange} />;
}

/** A text input that hands its value (not the event) to onChange. */
export function TextField({
  onChange,
  ...rest
}: { onChange: (value: string) => void } & Omit<TextInputProps, "onChange">) {
  return <TextInput {...rest} onChange={(e) => onChange(e.currentTarget.value)} />;
}

/** The form's one button, and the way back to log in under it. */
export function SubmitAndBack({ label, busy }: { label: string; busy: boolean }) {
  return (
    <>
      <Button type="submit" loading={busy} fullWidth>
        {label}
      </Button>
      <Anchor component={Link} to="/login" ta="center" fz="sm">
        Back to log in
      </Anchor>
    </>
  );
}

import { ukDate } from "@cpd/contract";
import { TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import type { LabelledFieldProps } from "./field-props";
import { ukToIso } from "./uk-date";

interface Props extends LabelledFieldProps {
  value: string;
  onChange: (iso: string) => void;
  extraError?: string;
}

/** Dates are typed as DD/MM/YYYY and stored as YYYY-MM-DD. */
export function DateField({ value, onChange, extraError, ...labelled }: Props) {
  const [text, setText] = useState(ukDate(value));
  const [invalid, setInvalid] = useState(false);
  // A value set from elsewhere (the recurrence pre-set) shows here.
  useEffect(() => {
    setText((t) => (ukToIso(t) === value ? t : ukDate(value)));
  }, [value]);
  return (
    <TextInput
      {...labelled}
      placeholder="DD/MM/YYYY"
      inputMode="numeric"
      autoComplete="off"
      value={text}
      error={invalid ? "Please enter the date as DD/MM/YYYY" : extraError}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setText(t);
        const iso = ukToIso(t);
        if (iso !== null) {
          setInvalid(false);
          onChange(iso);
        }
      }}
      onBlur={() => {
        const iso = ukToIso(text);
        setInvalid(iso === null);
        if (iso === null) onChange("");
      }}
      styles={{ input: { maxWidth: 220 } }}
    />
  );
}

import { Anchor, Group, Input, NativeSelect, TextInput } from "@mantine/core";
import { useState } from "react";
import type { LabelledFieldProps } from "../../lib/field-props";
import { fromParts, HOUR_OPTIONS, MAX_SELECT_HOURS, MINUTE_OPTIONS, needsPlainInput, toParts } from "./hours";

interface Props extends LabelledFieldProps {
  descriptionId?: string;
  value: string;
  onChange: (v: string) => void;
  /** A missing value: shown under the number field, or under the hours select. */
  error?: string;
}

/** Hours 0-24 and minutes as two selects, or a plain number for activities over 24 hours (REQ-ENTRY-04). */
export function HoursControl({ descriptionId, value, onChange, error, ...labelled }: Props) {
  const { id, label, description, required, disabled } = labelled;
  const [plain, setPlain] = useState(() => needsPlainInput(value));
  const parts = toParts(value);
  const describedBy = descriptionId;

  if (plain) {
    return (
      <Stack2>
        <TextInput
          {...labelled}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.25"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
        />
        {!disabled && (
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => {
              const p = toParts(value);
              if (p && p.hours > MAX_SELECT_HOURS) onChange(String(MAX_SELECT_HOURS));
              setPlain(false);
            }}
          >
            This activity is less than 24 hours
          </Anchor>
        )}
      </Stack2>
    );
  }
  const hours = parts?.hours ?? null;
  const minutes = parts?.minutes ?? 0;
  return (
    <Input.Wrapper
      label={label}
      required={required}
      description={description}
      id={`${id}-group`}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
    >
      <Group
        gap="xs"
        align="flex-start"
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        mt={4}
      >
        <NativeSelect
          id={id}
          aria-label={`${label}: hours`}
          disabled={disabled}
          // Under the hours select (the field's first control), so Mantine links it to that select.
          error={error}
          value={hours === null ? "" : String(hours)}
          data={[
            { value: "", label: "Hours" },
            ...HOUR_OPTIONS.map((h) => ({ value: String(h), label: `${h} h` })),
          ]}
          onChange={(e) => {
            const v = e.currentTarget.value;
            onChange(v === "" ? "" : fromParts({ hours: Number(v), minutes }));
          }}
          w={110}
        />
        <NativeSelect
          aria-label={`${label}: minutes`}
          disabled={disabled || hours === null || hours >= MAX_SELECT_HOURS}
          value={String(hours !== null && hours >= MAX_SELECT_HOURS ? 0 : minutes)}
          data={MINUTE_OPTIONS.map((m) => ({ value: String(m), label: `${m} min` }))}
          onChange={(e) => onChange(fromParts({ hours: hours ?? 0, minutes: Number(e.currentTarget.value) }))}
          w={110}
        />
      </Group>
      {!disabled && (
        <Anchor component="button" type="button" fz="sm" mt={6} onClick={() => setPlain(true)}>
          This activity is more than 24 hours
        </Anchor>
      )}
    </Input.Wrapper>
  );
}

function Stack2({ children }: { children: React.ReactNode }) {
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 6, alignItems: "flex-start" }}>
      {children}
    </div>
  );
}

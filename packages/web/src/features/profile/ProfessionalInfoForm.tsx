import { INTEREST_OPTIONS, PERSONAL_PROFILE_LABELS, PERSONAL_PROFILE_LIMITS } from "@cpd/contract";
import { MultiSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { PersonalForm, TextField } from "./personal-form";

const LOCKED_NOTE = "This value is set by your organisation";
const SHORT: TextField[] = ["profession", "employer", "businessWebsiteAssociated", "registrationNumber"];

export interface FieldProps {
  form: PersonalForm;
  onChange: (next: PersonalForm) => void;
}

/** One counted text field of the personal profile (the limits of REQ-PROFILE-02 as counters). */
export function CountedField({ form, onChange, field: f }: FieldProps & { field: TextField }) {
  const max = PERSONAL_PROFILE_LIMITS[f];
  const common = {
    label: PERSONAL_PROFILE_LABELS[f],
    value: form[f],
    maxLength: max,
    description: counter(form[f], max),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ ...form, [f]: e.currentTarget.value }),
  };
  return SHORT.includes(f) ? (
    <TextInput {...common} />
  ) : (
    <Textarea {...common} autosize minRows={3} maxRows={10} />
  );
}

interface Props {
  form: PersonalForm;
  onChange: (next: PersonalForm) => void;
  locked: readonly string[];
  /** Corporate (branded) users do not see employer, registration number and interests. */
  corporate: boolean;
  errors: { startDate?: string };
}

const counter = (value: string, max: number) => `${value.length}/${max} characters`;

export function ProfessionalInfoForm({ form, onChange, locked, corporate, errors }: Props) {
  const set = <K extends keyof PersonalForm>(key: K, value: PersonalForm[K]) =>
    onChange({ ...form, [key]: value });
  const text = (f: TextField) => <CountedField form={form} onChange={onChange} field={f} />;
  const isLocked = (f: string) => locked.includes(f);
  const whole = (f: "hoursPerYear" | "reportInterval", label: string, min: number, max: number) => (
    <NumberInput
      label={label}
      min={min}
      max={max}
      value={form[f]}
      onChange={(v) => set(f, String(v))}
      disabled={isLocked(f)}
      description={isLocked(f) ? LOCKED_NOTE : `${min} to ${max}`}
    />
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text("profession")}
        {!corporate && text("employer")}
        {text("businessWebsiteAssociated")}
        {!corporate && text("registrationNumber")}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {whole("hoursPerYear", "CPD hours per year", 0, 999)}
        <TextInput
          label="CPD start date"
          placeholder="DD/MM/YYYY"
          inputMode="numeric"
          error={errors.startDate}
          value={form.startDate}
          onChange={(e) => set("startDate", e.currentTarget.value)}
          disabled={isLocked("startDate")}
          description={isLocked("startDate") ? LOCKED_NOTE : "DD/MM/YYYY"}
        />
        {whole("reportInterval", "Report interval (years)", 1, 10)}
      </SimpleGrid>
      {!corporate && (
        <MultiSelect
          label="Interests"
          data={[...INTEREST_OPTIONS]}
          value={form.interests}
          onChange={(v) => set("interests", v)}
          searchable
          clearable
          placeholder={form.interests.length ? undefined : "Choose your interests"}
        />
      )}
      {text("qualifications")}
      {text("summaryOfWork")}
      {text("jobDescription")}
      {text("personalStatement")}
    </Stack>
  );
}

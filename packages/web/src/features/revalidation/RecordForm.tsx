import {
  type api,
  type BodyOf,
  RECORD_FIELDS,
  RECORD_KINDS,
  REVALIDATION,
  type RecordKind,
  type Regulator,
  type RevalidationRecord,
  recordFieldsFor,
} from "@cpd/contract";
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { DateField } from "../../lib/DateField";
import { errorMessage } from "../../lib/error-messages";
import { StatusAlert } from "../../lib/StatusAlert";
import { useSaveRecord } from "./queries";
import { CODE_THEMES, KIND_HAS_THEMES, RECORD_KIND_LABELS } from "./revalidation-model";

type RecordBody = BodyOf<typeof api.createRevalidationRecord>;
type Errors = Record<string, string>;

interface Draft {
  kind: RecordKind;
  title: string;
  date: string;
  endDate: string;
  hours: string;
  details: Record<string, string>;
  themes: string[];
}

const fromRecord = (r: RevalidationRecord): Draft => ({
  kind: r.kind,
  title: r.title,
  date: r.date,
  endDate: r.endDate ?? "",
  hours: r.hours === null ? "" : String(r.hours),
  details: r.details,
  themes: r.themes,
});

const fresh = (kind: RecordKind): Draft => ({
  kind,
  title: RECORD_KIND_LABELS[kind],
  date: "",
  endDate: "",
  hours: "",
  details: {},
  themes: [],
});

/** The form's checks (the contract's limits); an empty object when it can be sent. */
function recordErrors(d: Draft, held: readonly Regulator[]): Errors {
  const e: Errors = {};
  if (!d.title.trim()) e.title = "Enter a title";
  if (!d.date) e.date = "Enter the date as DD/MM/YYYY";
  if (d.kind === "practiceHours") {
    const h = Number(d.hours);
    if (d.hours.trim() === "" || !Number.isFinite(h) || h <= 0 || h > 10_000 || Math.round(h * 4) !== h * 4)
      e.hours = "Enter the hours, more than 0 and up to 10,000, in quarter hours";
    if (d.endDate && d.date && d.endDate < d.date) e.endDate = "The last day must be on or after the first";
  }
  for (const f of recordFieldsFor(d.kind, held)) {
    if (f.required && !(d.details[f.key] ?? "").trim())
      e[f.key] = `Enter ${f.label.replace(/\?$/, "").toLowerCase()}`;
  }
  return e;
}

function toBody(d: Draft): RecordBody {
  const details = Object.fromEntries(
    RECORD_FIELDS[d.kind].map((f) => [f.key, (d.details[f.key] ?? "").trim()]).filter(([, v]) => v !== ""),
  );
  const practice = d.kind === "practiceHours";
  return {
    kind: d.kind,
    title: d.title.trim(),
    date: d.date,
    endDate: practice && d.endDate ? d.endDate : null,
    hours: practice ? Number(d.hours) : null,
    details,
    themes: KIND_HAS_THEMES[d.kind] ? d.themes : [],
  };
}

/** Add or edit one revalidation record; `themes` are the user's packs' themes. */
export function RecordForm({
  record,
  initialKind,
  themes,
  regulators,
  onDone,
  onCancel,
}: {
  record: RevalidationRecord | null;
  initialKind: RecordKind;
  themes: string[];
  /** The regulators of the caller's registrations: a regulator's own fields are asked of its registrants only. */
  regulators: readonly Regulator[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const [d, setD] = useState<Draft>(() => (record ? fromRecord(record) : fresh(initialKind)));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveRecord();
  const set = (patch: Partial<Draft>, clear: string[]) => {
    setD((x) => ({ ...x, ...patch }));
    setErrors((x) => Object.fromEntries(Object.entries(x).filter(([k]) => !clear.includes(k))));
  };
  const textField = (key: "title" | "hours") => ({
    value: d[key],
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ [key]: e.currentTarget.value }, [key]),
  });
  const detailField = (key: string) => ({
    value: d.details[key] ?? "",
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set({ details: { ...d.details, [key]: e.currentTarget.value } }, [key]),
  });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = recordErrors(d, regulators);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({ id: record?.id ?? null, body: toBody(d) });
      onDone();
    } catch (err) {
      setFailure(errorMessage(err) || "The record was not saved.");
    }
  }

  const practice = d.kind === "practiceHours";
  const reflective = d.kind === "reflectiveAccount";
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {!record && (
          <Select
            label="Kind of record"
            required
            allowDeselect={false}
            data={RECORD_KINDS.map((k) => ({ value: k, label: RECORD_KIND_LABELS[k] }))}
            value={d.kind}
            onChange={(v) => {
              if (!v) return;
              const kind = v as RecordKind;
              const keepTitle = d.title.trim() !== "" && d.title !== RECORD_KIND_LABELS[d.kind];
              setD({ ...d, kind, title: keepTitle ? d.title : RECORD_KIND_LABELS[kind], themes: [] });
              setErrors({});
            }}
          />
        )}
        <TextInput label="Title" required maxLength={REVALIDATION.titleMaxLength} {...textField("title")} />
        <SimpleGrid cols={{ base: 1, sm: practice ? 3 : 1 }} spacing="sm">
          <DateField
            id="record-date"
            label={practice ? "First day" : "Date"}
            required
            description="DD/MM/YYYY"
            value={d.date}
            extraError={errors.date}
            onChange={(v) => set({ date: v }, ["date", "endDate"])}
          />
          {practice && (
            <DateField
              id="record-end-date"
              label="Last day"
              required={false}
              description="Optional. DD/MM/YYYY"
              value={d.endDate}
              extraError={errors.endDate}
              onChange={(v) => set({ endDate: v }, ["endDate"])}
            />
          )}
          {practice && (
            <TextInput
              label="Hours"
              required
              inputMode="decimal"
              description="Quarter hours allowed, e.g. 7.5"
              {...textField("hours")}
              styles={{ input: { maxWidth: 160 } }}
            />
          )}
        </SimpleGrid>
        {recordFieldsFor(d.kind, regulators).map((f) =>
          f.long ? (
            <Textarea
              key={`${d.kind}-${f.key}`}
              label={f.label}
              required={f.required === true}
              autosize
              minRows={3}
              maxLength={REVALIDATION.detailMaxLength}
              {...detailField(f.key)}
            />
          ) : (
            <TextInput
              key={`${d.kind}-${f.key}`}
              label={f.label}
              required={f.required === true}
              maxLength={200}
              {...detailField(f.key)}
            />
          ),
        )}
        {reflective && (
          <Checkbox.Group
            label="Themes of the Code this relates to"
            value={d.themes}
            onChange={(v) => set({ themes: v }, [])}
          >
            <Stack gap={6} mt={6}>
              {CODE_THEMES.map((t) => (
                <Checkbox key={t} value={t} label={t} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {!reflective && KIND_HAS_THEMES[d.kind] && themes.length > 0 && (
          <MultiSelect
            label="Themes"
            description="The standards or themes of your regulator this relates to"
            data={[...new Set([...themes, ...d.themes])]}
            value={d.themes}
            searchable
            maxValues={REVALIDATION.maxThemes}
            onChange={(v) => set({ themes: v }, [])}
          />
        )}
        {failure && (
          <StatusAlert tone="error" title="The record was not saved">
            {failure}
          </StatusAlert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save record
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { REGULATOR_NAMES, REGULATORS, REVALIDATION, type Registration, type Regulator } from "@cpd/contract";
import {
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { DateField } from "../../lib/DateField";
import { errorMessage } from "../../lib/error-messages";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../../lib/SectionCard";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { usePacks, useRegistrations, useSaveRegistrations } from "./queries";
import {
  type RegistrationDraft,
  type RegistrationErrors,
  registersOf,
  registrationErrors,
} from "./revalidation-model";

type PackList = Parameters<typeof registersOf>[0];

let nextKey = 0;
const newKey = () => `registration-${++nextKey}`;

const toDraft = (r: Registration): RegistrationDraft => ({
  key: newKey(),
  id: r.id,
  regulator: r.regulator,
  registers: r.registers,
  registrationNumber: r.registrationNumber,
  renewalDate: r.renewalDate,
  reminders: r.reminders,
  targetHours: r.targetHours === null ? "" : String(r.targetHours),
  cycleMonths: r.cycleMonths === null ? "" : String(r.cycleMonths),
});

const blank = (): RegistrationDraft => ({
  key: newKey(),
  regulator: null,
  registers: [],
  registrationNumber: "",
  renewalDate: "",
  reminders: true,
  targetHours: "",
  cycleMonths: "",
});

const REGULATOR_OPTIONS = REGULATORS.map((r) => ({
  value: r,
  label: r === "OTHER" ? REGULATOR_NAMES[r] : `${REGULATOR_NAMES[r]} (${r})`,
}));

/** Another body (OTHER) has no pack figures: the user gives their own target and cycle length. */
const OWN_TARGET_FIELDS = [
  { field: "targetHours", id: "target", label: "Target CPD hours per cycle", inputMode: "decimal" },
  { field: "cycleMonths", id: "months", label: "Cycle length in months", inputMode: "numeric" },
] as const;

function RegistrationFields({
  draft,
  index,
  errors,
  packs,
  onChange,
  onRemove,
}: {
  draft: RegistrationDraft;
  index: number;
  errors: RegistrationErrors;
  packs: PackList;
  onChange: (d: RegistrationDraft) => void;
  onRemove: () => void;
}) {
  const id = draft.key;
  const name = `Registration ${index + 1}`;
  const set = (patch: Partial<RegistrationDraft>) => onChange({ ...draft, ...patch });
  const registerOptions = registersOf(packs, draft.regulator);
  const textField = (field: "registrationNumber" | "targetHours" | "cycleMonths") => ({
    value: draft[field],
    error: errors[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ [field]: e.currentTarget.value }),
  });
  return (
    <Card withBorder padding="md" component="fieldset" aria-labelledby={`${id}-legend`} m={0}>
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="h5" id={`${id}-legend`}>
          {name}
        </Title>
        <Button variant="subtle" color="#a51d1d" size="xs" onClick={onRemove}>
          Remove<span className="visually-hidden"> {name.toLowerCase()}</span>
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          id={`${id}-regulator`}
          label="Regulator"
          required
          placeholder="Choose your regulator"
          data={REGULATOR_OPTIONS}
          value={draft.regulator}
          error={errors.regulator}
          allowDeselect={false}
          onChange={(v) => {
            // A regulator with one register (another body's own target) needs no choosing.
            const options = registersOf(packs, v as Regulator | null);
            set({
              regulator: v as Regulator | null,
              registers: options.length === 1 ? options.map((o) => o.value) : [],
            });
          }}
        />
        <MultiSelect
          id={`${id}-registers`}
          label="Registers"
          required
          placeholder={draft.regulator ? "Choose your registers" : "Choose a regulator first"}
          description={`Up to ${REVALIDATION.maxRegistersPerRegistration}`}
          data={registerOptions}
          value={draft.registers}
          maxValues={REVALIDATION.maxRegistersPerRegistration}
          disabled={!draft.regulator}
          error={errors.registers}
          onChange={(v) => set({ registers: v })}
        />
        <TextInput
          id={`${id}-number`}
          label="Registration number"
          required
          maxLength={32}
          {...textField("registrationNumber")}
        />
        <DateField
          id={`${id}-date`}
          label="Renewal or revalidation date"
          required
          description="DD/MM/YYYY: the date your cycle ends"
          value={draft.renewalDate}
          extraError={errors.renewalDate}
          onChange={(v) => set({ renewalDate: v })}
        />
        {draft.regulator === "OTHER" &&
          OWN_TARGET_FIELDS.map((f) => (
            <TextInput
              key={f.field}
              id={`${id}-${f.id}`}
              label={f.label}
              required
              inputMode={f.inputMode}
              {...textField(f.field)}
            />
          ))}
      </SimpleGrid>
      <Switch
        mt="sm"
        label="E-mail me reminders before the deadline while a requirement is short"
        checked={draft.reminders}
        onChange={(e) => set({ reminders: e.currentTarget.checked })}
      />
    </Card>
  );
}

/** Add, change and remove the caller's professional registrations (saved together); `onSaved` after a save. */
export function RegistrationsEditor({ order = 2, onSaved }: { order?: 2 | 3; onSaved?: () => void }) {
  const registrations = useRegistrations();
  const packs = usePacks();
  const save = useSaveRegistrations();
  const [drafts, setDrafts] = useState<RegistrationDraft[] | null>(null);
  const [errors, setErrors] = useState<Record<string, RegistrationErrors>>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (registrations.data) setDrafts(registrations.data.items.map(toDraft));
  }, [registrations.data]);

  if (registrations.isLoading || !drafts) {
    return registrations.isError ? (
      <StatusAlert tone="error" title="Failed to load your registrations">
        Please refresh the page to try again.
      </StatusAlert>
    ) : (
      <Spinner label="Loading your registrations" />
    );
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!drafts) return;
    const found = Object.fromEntries(drafts.map((d) => [d.key, registrationErrors(d)]));
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some((x) => Object.keys(x).length > 0)) return;
    const items = drafts.map((d) => ({
      ...(d.id ? { id: d.id } : {}),
      regulator: d.regulator as Regulator,
      registers: d.registers,
      registrationNumber: d.registrationNumber.trim(),
      renewalDate: d.renewalDate,
      reminders: d.reminders,
      targetHours: d.regulator === "OTHER" ? Number(d.targetHours) : null,
      cycleMonths: d.regulator === "OTHER" ? Number(d.cycleMonths) : null,
    }));
    try {
      await save.mutateAsync({ items });
      notifySuccess("Registrations saved");
      onSaved?.();
    } catch (err) {
      setFailure(errorMessage(err) || "Your registrations were not saved.");
    }
  }

  const packList = packs.data?.items ?? [];
  return (
    <SectionCard order={order} title="Professional registrations">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm">
            Add each registration you hold. Your revalidation page then shows what your regulator asks for and
            how far you are.
          </Text>
          {drafts.length === 0 && <Text fz="sm">You have no registrations yet.</Text>}
          {drafts.map((d, i) => (
            <RegistrationFields
              key={d.key}
              draft={d}
              index={i}
              errors={errors[d.key] ?? {}}
              packs={packList}
              onChange={(next) => {
                setDrafts((all) => (all ?? []).map((x) => (x.key === d.key ? next : x)));
                setErrors((all) => ({ ...all, [d.key]: {} }));
              }}
              onRemove={() => setDrafts((all) => (all ?? []).filter((x) => x.key !== d.key))}
            />
          ))}
          {failure && (
            <StatusAlert tone="error" title="Your registrations were not saved">
              {failure}
            </StatusAlert>
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              disabled={drafts.length >= REVALIDATION.maxRegistrations}
              onClick={() => setDrafts((all) => [...(all ?? []), blank()])}
            >
              Add a registration
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save registrations
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

import {
  api,
  ORGANISATION_LIMITS,
  REGULATOR_NAMES,
  REQUIRABLE_REGULATORS,
  type ResponseOf,
  ROLES,
} from "@cpd/contract";
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { call } from "../../lib/api-client";
import { DateField } from "../../lib/DateField";
import { errorMessage } from "../../lib/error-messages";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../../lib/SectionCard";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { useSession } from "../../lib/session";
import { usePageTitle } from "../../lib/use-page-title";
import { AppointedConfirmationsSection } from "./AppointedConfirmationsSection";
import { confirmersText, parseConfirmers } from "./confirmers-model";
import { FieldsEditor } from "./FieldsEditor";
import { ListEditor } from "./ListEditor";
import { NoOrganisation, OrganisationHeading } from "./OrganisationHeading";
import { useCurrentOrganisation, useOrganisationSettings, useSaveOrganisationSettings } from "./queries";

type Settings = ResponseOf<typeof api.getOrganisationSettings>;

function SettingsForm({ organisationId }: { organisationId: number }) {
  const saved = useOrganisationSettings(organisationId);
  const [form, setForm] = useState<Settings | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [confirmers, setConfirmers] = useState("");
  const [confirmersError, setConfirmersError] = useState<string | null>(null);
  useEffect(() => {
    if (saved.data) {
      setForm(saved.data);
      setConfirmers(confirmersText(saved.data.appointedConfirmers));
    }
  }, [saved.data]);
  const save = useSaveOrganisationSettings(organisationId, {
    onSuccess: () => {
      setStatus(null);
      notifySuccess("Settings saved");
    },
    onError: (err) =>
      setStatus({
        tone: "error",
        title: "Failed to save settings",
        text: errorMessage(err) || "Unknown error",
      }),
  });
  if (!form) return null;
  const confirmersChanged = confirmers !== confirmersText(saved.data?.appointedConfirmers);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved.data) || confirmersChanged;
  const submit = () => {
    if (!confirmersChanged) return save.mutate(form);
    const parsed = parseConfirmers(confirmers);
    if ("error" in parsed) return setConfirmersError(parsed.error);
    setConfirmersError(null);
    save.mutate({ ...form, appointedConfirmers: parsed.emails });
  };
  return (
    <SectionCard title="Settings">
      <Stack gap="md">
        <StatusRegion status={status} />
        <Text fz="sm" c="dimmed">
          CPD hours, start date and report interval set here replace your members' own and are locked on their
          profiles. Leave one empty to let members choose.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label="CPD hours per year"
            min={0}
            max={999}
            decimalScale={1}
            value={form.cpdHours ?? ""}
            onChange={(v) => setForm({ ...form, cpdHours: v === "" ? null : Number(v) })}
          />
          <DateField
            id="settings-start"
            label="Start date"
            required={false}
            value={form.startDate ?? ""}
            onChange={(v) => setForm({ ...form, startDate: v || null })}
          />
          <NumberInput
            label="Report interval (years)"
            min={1}
            max={10}
            allowDecimal={false}
            value={form.reportInterval ?? ""}
            onChange={(v) => setForm({ ...form, reportInterval: v === "" ? null : Number(v) })}
          />
        </SimpleGrid>
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} fz="sm">
            Dashboard widgets
          </Text>
          <Checkbox
            label="Reflection"
            checked={form.dashboardWidgets.reflection}
            onChange={(e) =>
              setForm({
                ...form,
                dashboardWidgets: { ...form.dashboardWidgets, reflection: e.currentTarget.checked },
              })
            }
          />
          <Checkbox
            label="Supervision"
            checked={form.dashboardWidgets.supervision}
            onChange={(e) =>
              setForm({
                ...form,
                dashboardWidgets: { ...form.dashboardWidgets, supervision: e.currentTarget.checked },
              })
            }
          />
        </Stack>
        <Switch
          label="All features for members"
          checked={form.allFeatures}
          onChange={(e) => setForm({ ...form, allFeatures: e.currentTarget.checked })}
        />
        <Switch
          label="Log members out after a period of inactivity"
          checked={form.logoutTimer.enabled}
          onChange={(e) => setForm({ ...form, logoutTimer: { enabled: e.currentTarget.checked } })}
        />
        <Select
          id="settings-required-regulator"
          label="Members must hold a registration with"
          description="Members are asked to add it, cannot save their registrations without it, and show as having no registration in the users report until they do."
          data={[
            { value: "", label: "No registration required" },
            ...REQUIRABLE_REGULATORS.map((r) => ({ value: r, label: `${REGULATOR_NAMES[r]} (${r})` })),
          ]}
          value={form.requiredRegulator ?? ""}
          allowDeselect={false}
          onChange={(v) =>
            setForm({ ...form, requiredRegulator: v ? (v as (typeof REQUIRABLE_REGULATORS)[number]) : null })
          }
          maw={480}
        />
        <Textarea
          id="settings-appointed-confirmers"
          label="Appointed confirmers"
          description={`The e-mail addresses of the confirmers your organisation appoints, one a line (at most ${ORGANISATION_LIMITS.appointedConfirmers}). You see your members' NMC confirmations these people are asked for.`}
          autosize
          minRows={3}
          maxRows={12}
          value={confirmers}
          error={confirmersError}
          onChange={(e) => {
            setConfirmers(e.currentTarget.value);
            setConfirmersError(null);
          }}
          maw={480}
        />
        <Group justify="flex-end">
          <Button onClick={submit} disabled={!dirty} loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}

/** REQ-ORG-04 settings: the organisation's settings, its lists, and the additional profile fields. */
export default function OrganisationSettingsPage() {
  usePageTitle("Organisation settings");
  const org = useCurrentOrganisation();
  const id = org.current?.id ?? null;
  // Only the organisation's own managers read the confirmations (REQ-ATTEST-09).
  const manager = useSession()?.roles.includes(ROLES.organisationManager) ?? false;
  if (org.list.isSuccess && id === null) {
    return <NoOrganisation />;
  }
  return (
    <Stack gap="lg" maw={960}>
      <OrganisationHeading title="Organisation settings" org={org} />
      {id !== null && (
        <>
          <SettingsForm key={`settings-${id}`} organisationId={id} />
          <ListEditor
            key={`tags-${id}`}
            organisationId={id}
            list="tags"
            title="Tags"
            help="Tags offered to your members, with one click, when they tag an entry."
            emptyText="None yet."
            load={() => call(api.getOrganisationTags, { params: { id } })}
            store={(tags) => call(api.putOrganisationTags, { params: { id }, body: { tags } })}
          />
          <ListEditor
            key={`categories-${id}`}
            organisationId={id}
            list="categories"
            title="Categories"
            help="CPD categories in your members' forms, instead of the standard list."
            load={() => call(api.getOrganisationCategories, { params: { id } })}
            store={(tags) => call(api.putOrganisationCategories, { params: { id }, body: { tags } })}
          />
          <ListEditor
            key={`arranged-${id}`}
            organisationId={id}
            list="arranged-in"
            title="Arranged in"
            help="How an activity was arranged (the diary's activity type), instead of the standard list."
            load={() => call(api.getOrganisationArrangedIn, { params: { id } })}
            store={(tags) => call(api.putOrganisationArrangedIn, { params: { id }, body: { tags } })}
          />
          <FieldsEditor key={`fields-${id}`} organisationId={id} />
          {manager && <AppointedConfirmationsSection key={`confirmations-${id}`} organisationId={id} />}
        </>
      )}
    </Stack>
  );
}

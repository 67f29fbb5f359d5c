import { Button, Card, Group, Radio, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { useDashboardSettings, useFeatures } from "../shell";
import { useSaveSettings } from "./queries";
import { type Settings, toSettings, WIDGET_FEATURE, WIDGET_LABELS, type WidgetKey } from "./settings-model";

const LOCKED_NOTE = "Set by your organisation";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg" component="fieldset" m={0}>
      <Title order={2} fz="h4" component="legend" px={4}>
        {title}
      </Title>
      <Stack gap="sm" mt="xs">
        {children}
      </Stack>
    </Card>
  );
}

export default function SettingsPage() {
  usePageTitle("Settings");
  const navigate = useNavigate();
  const { data, isLoading } = useDashboardSettings();
  const { data: features } = useFeatures();
  const [s, setS] = useState<Settings | null>(null);
  useEffect(() => {
    if (data) setS(toSettings(data));
  }, [data]);

  const save = useSaveSettings({
    onSuccess: () => {
      notifySuccess("Settings Saved");
      navigate("/dashboard");
    },
  });

  if (isLoading) return <Spinner label="Loading settings" />;
  if (!s || !data) return <Text>Your settings could not be loaded. Please refresh the page.</Text>;

  const locked = (path: string) => data.lockedByOrganisation.includes(path);
  const toggle = (path: string, label: string, checked: boolean, onChange: (v: boolean) => void) => (
    <Switch
      key={path}
      label={label}
      checked={checked}
      disabled={locked(path)}
      description={locked(path) ? LOCKED_NOTE : undefined}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
  /** A switch for one of the on/off settings kept in a group (entry options, e-mails). */
  const groupToggle = <G extends "entriesSettings" | "emails">(
    group: G,
    key: keyof Settings[G] & string,
    label: string,
  ) =>
    toggle(`${group}.${key}`, label, Boolean(s[group][key]), (v) =>
      setS({ ...s, [group]: { ...s[group], [key]: v } }),
    );
  const widgets = (Object.keys(WIDGET_LABELS) as WidgetKey[]).filter((k) => {
    const feature = WIDGET_FEATURE[k];
    return !feature || features?.[feature] !== false;
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (s) save.mutate(s);
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="lg" maw={900}>
        <Title order={1}>Settings</Title>
        <Section title="Dashboard">
          <Radio.Group
            label="Dashboard mode"
            value={s.dashboardMode}
            onChange={(v) => setS({ ...s, dashboardMode: v === "advanced" ? "advanced" : "basic" })}
            description={locked("dashboardMode") ? LOCKED_NOTE : undefined}
          >
            <Group mt="xs">
              <Radio value="basic" label="Basic" disabled={locked("dashboardMode")} />
              <Radio value="advanced" label="Advanced" disabled={locked("dashboardMode")} />
            </Group>
          </Radio.Group>
          {toggle("welcomeVideo", "Show the welcome video after logging in", s.welcomeVideo, (v) =>
            setS({ ...s, welcomeVideo: v }),
          )}
          {toggle("allFeatures", "Show all features", s.allFeatures, (v) => setS({ ...s, allFeatures: v }))}
        </Section>
        <Section title="Widgets and pages">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {widgets.map((k) =>
              toggle(`dashboardWidgets.${k}`, WIDGET_LABELS[k], s.dashboardWidgets[k], (v) =>
                setS({ ...s, dashboardWidgets: { ...s.dashboardWidgets, [k]: v } }),
              ),
            )}
          </SimpleGrid>
        </Section>
        <Section title="Security">
          {toggle(
            "logoutTimer.enabled",
            "Log me out after 15 minutes of inactivity",
            s.logoutTimer.enabled,
            (v) => setS({ ...s, logoutTimer: { enabled: v } }),
          )}
        </Section>
        <Section title="Entry options">
          {groupToggle("entriesSettings", "showKSF", "Show KSF dimensions on entries")}
          {groupToggle("entriesSettings", "showACP", "Show ACP pillars on entries")}
        </Section>
        <Section title="Email notifications">
          {groupToggle("emails", "entryReceipt", "Email me a receipt when I save an entry")}
          {groupToggle("emails", "plannedCPD", "Email me reminders about planned CPD")}
          {groupToggle(
            "emails",
            "documentExpiry",
            "Email me 30 and 7 days before an identity document in my profile expires",
          )}
        </Section>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate("/dashboard")}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  type api,
  type BodyOf,
  GOVERNING_BODIES,
  type LogoKind,
  ORGANISATION_FORM_FEATURES,
  type ResponseOf,
} from "@cpd/contract";
import {
  Anchor,
  Button,
  Checkbox,
  ColorInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { errorMessage } from "../../lib/error-messages";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../../lib/SectionCard";
import { Spinner } from "../../lib/Spinner";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { usePageTitle } from "../../lib/use-page-title";
import { LogoField } from "./LogoField";
import { useAdminOrganisation, useSaveOrganisation, useUploadOrganisationLogo } from "./queries";

type Organisation = ResponseOf<typeof api.getAdminOrganisation>;
type Body = BodyOf<typeof api.createOrganisation>;

interface Form {
  key: string;
  name: string;
  enabled: boolean;
  governingBodyType: string;
  features: Record<string, boolean>;
  logoUrl: string;
  loginLogoUrl: string;
  loginLink: string;
  colourHex: string;
  videoUrl: string;
  usesOauth: boolean;
  oidcIssuer: string;
  oidcClientId: string;
  /** Empty: keep the stored secret. */
  oidcClientSecret: string;
  removeSecret: boolean;
  managers: string;
}

const toForm = (o?: Organisation): Form => ({
  key: o?.key ?? "",
  name: o?.name ?? "",
  enabled: o?.enabled ?? true,
  governingBodyType: o?.governingBodyType ?? "",
  features: o?.features ?? {},
  logoUrl: o?.logoUrl ?? "",
  loginLogoUrl: o?.loginLogoUrl ?? "",
  loginLink: o?.loginLink ?? "",
  colourHex: o?.colourHex ?? "",
  videoUrl: o?.videoUrl ?? "",
  usesOauth: o?.usesOauth ?? false,
  oidcIssuer: o?.oidcIssuer ?? "",
  oidcClientId: o?.oidcClientId ?? "",
  oidcClientSecret: "",
  removeSecret: false,
  managers: o?.managers.map((m) => m.email).join("\n") ?? "",
});

const orNull = (s: string) => (s.trim() ? s.trim() : null);
function toBody(f: Form): Body {
  return {
    key: f.key.trim(),
    name: f.name.trim(),
    enabled: f.enabled,
    governingBodyType: orNull(f.governingBodyType),
    features: f.features,
    logoUrl: orNull(f.logoUrl),
    loginLogoUrl: orNull(f.loginLogoUrl),
    loginLink: orNull(f.loginLink),
    colourHex: orNull(f.colourHex),
    videoUrl: orNull(f.videoUrl),
    usesOauth: f.usesOauth,
    oidcIssuer: orNull(f.oidcIssuer),
    oidcClientId: orNull(f.oidcClientId),
    ...(f.removeSecret
      ? { oidcClientSecret: null }
      : f.oidcClientSecret
        ? { oidcClientSecret: f.oidcClientSecret }
        : {}),
    managers: f.managers
      .split(/[\s,;]+/)
      .map((m) => m.trim())
      .filter(Boolean),
  };
}

function OrganisationForm({ organisation }: { organisation?: Organisation }) {
  const navigate = useNavigate();
  const [form, setForm] = useState(() => toForm(organisation));
  const [status, setStatus] = useState<Status | null>(null);
  const save = useSaveOrganisation(organisation?.id, {
    onSuccess: (res) => {
      notifySuccess("Organisation saved");
      setForm(toForm(res));
      setStatus(null);
      if (!organisation) navigate(`/admin/organisations/${res.id}/configure`, { replace: true });
    },
    onError: (err) =>
      setStatus({
        tone: "error",
        title: "Organisation not saved",
        text: errorMessage(err) || "Unknown error",
      }),
  });
  const text = (
    name: "key" | "name" | "loginLink" | "videoUrl" | "oidcIssuer" | "oidcClientId",
    label: string,
    extra: { required?: boolean; description?: string } = {},
  ) => (
    <TextInput
      label={label}
      {...extra}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.currentTarget.value })}
    />
  );
  const upload = useUploadOrganisationLogo(organisation?.id ?? 0, {
    onSuccess: (res) => {
      notifySuccess("Logo uploaded");
      // Only the logos change: the other fields keep what is being edited.
      setForm((f) => ({ ...f, logoUrl: res.logoUrl ?? "", loginLogoUrl: res.loginLogoUrl ?? "" }));
      setStatus(null);
    },
    onError: (err) =>
      setStatus({ tone: "error", title: "Logo not uploaded", text: errorMessage(err) || "Unknown error" }),
  });
  const logo = (kind: LogoKind, name: "logoUrl" | "loginLogoUrl", label: string) => (
    <LogoField
      kind={kind}
      label={label}
      value={form[name]}
      canUpload={Boolean(organisation)}
      uploading={upload.isPending && upload.variables?.kind === kind}
      onUpload={(k, file) => upload.mutate({ kind: k, file })}
      onRemove={() => setForm({ ...form, [name]: "" })}
    />
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate(toBody(form));
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <StatusRegion status={status} />
        <SectionCard title="Organisation">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text("name", "Name", { required: true })}
              {text("key", "Key", {
                required: true,
                description: "Lower-case letters, digits and hyphens: the login address /o/<key>",
              })}
            </SimpleGrid>
            <Select
              label="Governing body type"
              description="Resilience organisations get the Analytics screen"
              clearable
              data={[...GOVERNING_BODIES]}
              value={form.governingBodyType || null}
              onChange={(v) => setForm({ ...form, governingBodyType: v ?? "" })}
            />
            <Switch
              label="Enabled (its members can sign in)"
              checked={form.enabled}
              onChange={(e) => setForm({ ...form, enabled: e.currentTarget.checked })}
            />
          </Stack>
        </SectionCard>
        <SectionCard title="Features">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {ORGANISATION_FORM_FEATURES.map((f) => (
              <Checkbox
                key={f}
                label={f}
                checked={form.features[f] !== false}
                onChange={(e) =>
                  setForm({ ...form, features: { ...form.features, [f]: e.currentTarget.checked } })
                }
              />
            ))}
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="Branding">
          <Stack gap="sm">
            {organisation?.logoNotice && (
              <Text size="sm" c="orange.9">
                {organisation.logoNotice}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {logo("logo", "logoUrl", "Logo")}
              {logo("login-logo", "loginLogoUrl", "Login page logo")}
            </SimpleGrid>
            {text("loginLink", "Login link", {
              description:
                "Where the organisation's members sign in: a web address or a path such as /o/<key>",
            })}
            <ColorInput
              label="Colour"
              format="hex"
              value={form.colourHex}
              onChange={(colourHex) => setForm({ ...form, colourHex })}
              // The eye dropper is an icon button: it needs a name of its own (axe button-name).
              eyeDropperButtonProps={{ "aria-label": "Pick the colour from the screen" }}
            />
            {text("videoUrl", "Welcome video URL")}
          </Stack>
        </SectionCard>
        <SectionCard title="Single sign-on">
          <Stack gap="sm">
            <Switch
              label="Members sign in with the organisation's OpenID provider"
              checked={form.usesOauth}
              onChange={(e) => setForm({ ...form, usesOauth: e.currentTarget.checked })}
            />
            {text("oidcIssuer", "Issuer URL")}
            {text("oidcClientId", "Client id")}
            <TextInput
              label="Client secret"
              type="password"
              autoComplete="new-password"
              description={
                organisation?.oidcClientSecretSet
                  ? "A secret is stored. Enter a new one to replace it."
                  : "No secret is stored."
              }
              value={form.oidcClientSecret}
              onChange={(e) =>
                setForm({ ...form, oidcClientSecret: e.currentTarget.value, removeSecret: false })
              }
            />
            {organisation?.oidcClientSecretSet && (
              <Checkbox
                label="Remove the stored secret"
                checked={form.removeSecret}
                onChange={(e) =>
                  setForm({ ...form, removeSecret: e.currentTarget.checked, oidcClientSecret: "" })
                }
              />
            )}
          </Stack>
        </SectionCard>
        <SectionCard title="Managers">
          <Textarea
            label="Managers' email addresses"
            description="One per line; each must already be a member of this organisation"
            autosize
            minRows={2}
            value={form.managers}
            onChange={(e) => setForm({ ...form, managers: e.currentTarget.value })}
          />
        </SectionCard>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {organisation ? "Save organisation" : "Create organisation"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/organisations/create and /admin/organisations/:organisationId/configure. */
export default function OrganisationFormPage() {
  const { organisationId } = useParams();
  const id = organisationId ? Number(organisationId) : null;
  usePageTitle(id ? "Configure organisation" : "New organisation");
  const org = useAdminOrganisation(id);
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/admin/organisations" fz="sm">
        Back to Organisations
      </Anchor>
      <Title order={1}>{id ? (org.data?.name ?? "Organisation") : "New organisation"}</Title>
      {id === null ? (
        <OrganisationForm />
      ) : org.isLoading ? (
        <Spinner size="sm" label="Loading the organisation" />
      ) : org.data ? (
        <>
          <Text c="dimmed">
            {org.data.userCount} {org.data.userCount === 1 ? "user" : "users"}
          </Text>
          <OrganisationForm key={org.data.id} organisation={org.data} />
        </>
      ) : (
        <Text>This organisation could not be loaded.</Text>
      )}
    </Stack>
  );
}

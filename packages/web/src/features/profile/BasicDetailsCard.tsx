import type { api, ResponseOf } from "@cpd/contract";
import { Badge, Button, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { errorMessage } from "../../lib/error-messages";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../../lib/SectionCard";
import { type BasicDetailsValues, validateBasicDetails } from "./profile-rules";
import { useUpdateProfile } from "./queries";
import { type ContactKind, VerifyContactModal } from "./VerifyContactModal";

const toBody = (v: BasicDetailsValues) => ({
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim(),
  jobTitle: v.jobTitle.trim() || null,
  nickname: v.nickname.trim() || null,
  mobileNumber: v.mobileNumber.trim() || null,
  alternativeEmail: v.alternativeEmail.trim() || null,
});

type Profile = ResponseOf<typeof api.getProfile>;

const toValues = (p: Profile): BasicDetailsValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  jobTitle: p.jobTitle ?? "",
  nickname: p.nickname ?? "",
  mobileNumber: p.mobileNumber ?? "",
  alternativeEmail: p.alternativeEmail ?? "",
});

function VerifiedBadge({ verified }: { verified: boolean }) {
  return (
    // Filled dark shades keep the white badge text above 4.5:1.
    <Badge color={verified ? "#1e6b30" : "#9c3d00"} variant="filled" size="sm">
      {verified ? "Verified" : "Unverified"}
    </Badge>
  );
}

function Row({
  label,
  value,
  badge,
  onVerify,
}: {
  label: string;
  value: string | null;
  badge?: React.ReactNode;
  /** Offered next to an unverified value: opens the verification modal. */
  onVerify?: () => void;
}) {
  return (
    <div>
      <Text fz="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Group gap="xs" component="dd" m={0}>
        <Text style={{ wordBreak: "break-word" }}>{value || "Not provided"}</Text>
        {value ? badge : null}
        {value && onVerify && (
          <Button
            size="compact-xs"
            variant="outline"
            onClick={onVerify}
            aria-label={`Verify ${label.toLowerCase()}`}
          >
            Verify
          </Button>
        )}
      </Group>
    </div>
  );
}

interface Props {
  profile: Profile;
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

export function BasicDetailsCard({ profile, canEdit, onDirtyChange }: Props) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(() => toValues(profile));
  const [errors, setErrors] = useState<Partial<Record<keyof BasicDetailsValues, string>>>({});
  const [serverError, setServerError] = useState("");
  const [verifying, setVerifying] = useState<ContactKind | null>(null);

  const dirty = editing && JSON.stringify(values) !== JSON.stringify(toValues(profile));
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useUpdateProfile({
    onSuccess: () => {
      setEditing(false);
      notifySuccess("Saved Profile");
    },
    onError: (err) => setServerError(errorMessage(err)),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setServerError("");
    const found = validateBasicDetails(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(toBody(values));
  }

  const field = (
    name: keyof BasicDetailsValues,
    label: string,
    extra: Partial<React.ComponentProps<typeof TextInput>> = {},
  ) => (
    <TextInput
      label={label}
      value={values[name]}
      error={errors[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
      {...extra}
    />
  );

  return (
    <SectionCard
      size="lg"
      title="Basic details"
      action={
        canEdit &&
        !editing && (
          <Button
            variant="light"
            onClick={() => {
              setValues(toValues(profile));
              setErrors({});
              setEditing(true);
            }}
          >
            Edit basic details
          </Button>
        )
      }
    >
      {editing ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {serverError && (
              <Text c="red.8" role="alert">
                {serverError}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {field("firstName", "First name", { required: true, autoComplete: "given-name" })}
              {field("lastName", "Last name", { required: true, autoComplete: "family-name" })}
              {field("jobTitle", "Job title", { autoComplete: "organization-title" })}
              {field("nickname", "Nickname", { autoComplete: "nickname" })}
              {field("mobileNumber", "Mobile number", { type: "tel", autoComplete: "tel" })}
              {field("alternativeEmail", "Alternative email", { type: "email", autoComplete: "email" })}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(false)} disabled={save.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save details
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0} spacing="md">
          <Row label="Name" value={`${profile.firstName} ${profile.lastName}`.trim()} />
          <Row label="Job title" value={profile.jobTitle} />
          <Row label="Nickname" value={profile.nickname} />
          <Row
            label="Mobile number"
            value={profile.mobileNumber}
            badge={<VerifiedBadge verified={profile.mobileVerified} />}
            onVerify={profile.mobileVerified ? undefined : () => setVerifying("mobile")}
          />
          <Row label="Primary email" value={profile.emailAddress} badge={<VerifiedBadge verified />} />
          <Row
            label="Alternative email"
            value={profile.alternativeEmail}
            badge={<VerifiedBadge verified={profile.alternativeEmailVerified} />}
            onVerify={profile.alternativeEmailVerified ? undefined : () => setVerifying("alternativeEmail")}
          />
        </SimpleGrid>
      )}
      {verifying && (
        <VerifyContactModal
          kind={verifying}
          target={(verifying === "mobile" ? profile.mobileNumber : profile.alternativeEmail) ?? ""}
          onClose={() => setVerifying(null)}
        />
      )}
    </SectionCard>
  );
}

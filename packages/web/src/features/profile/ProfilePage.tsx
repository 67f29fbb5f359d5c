import { ROLES } from "@cpd/contract";
import { Button, Card, Grid, Group, Stack, Tabs, Title } from "@mantine/core";
import { Suspense, useCallback, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { useSession } from "../../lib/session";
import { useLeaveGuard } from "../../lib/use-leave-guard";
import { usePageTitle } from "../../lib/use-page-title";
import { RegistrationsEditor } from "../revalidation";
import { useBranding, useFeatures, useProfile } from "../shell";
import { ProfileSignatureCard } from "../supervision";
import { AdditionalInformation } from "./AdditionalInformation";
import { AnnualReviews } from "./AnnualReviews";
import { BasicDetailsCard } from "./BasicDetailsCard";
import { GoverningBodies } from "./GoverningBodies";
import { HcpcInfo } from "./HcpcInfo";
import { MembershipCard } from "./MembershipCard";
import { PersonalDocuments } from "./PersonalDocuments";
import { ProfessionalInfoForm } from "./ProfessionalInfoForm";
import { ProfileImage } from "./ProfileImage";
import { type PersonalForm, personalFormErrors, sameForm, toForm } from "./personal-form";
import {
  useAdditionalFieldGroups,
  useGoverningBodies,
  usePersonalProfile,
  useSavePersonalProfile,
} from "./queries";
import { TagsEditor } from "./TagsEditor";
import { UnsavedChangesModal } from "./UnsavedChangesModal";

export default function ProfilePage() {
  usePageTitle("Profile");
  // "?tab=registrations": the revalidation prompts link straight to the Registrations tab (REQ-REVAL-09).
  const [search] = useSearchParams();
  const initialTab = search.get("tab") === "registrations" ? "registrations" : "professional";
  const navigate = useNavigate();
  const state = useSession();
  const canEdit = state?.roles.includes(ROLES.userBasic) ?? false;
  const profile = useProfile();
  const personal = usePersonalProfile();
  const branding = useBranding();
  const { data: bodies = [] } = useGoverningBodies();
  const features = useFeatures();
  const additional = useAdditionalFieldGroups(branding.data?.organisationId != null);
  const [form, setForm] = useState<PersonalForm | null>(null);
  const [basicDirty, setBasicDirty] = useState(false);
  const [formErrors, setFormErrors] = useState<{ startDate?: string }>({});

  // Start editing from the loaded values (and again after each save).
  useEffect(() => {
    if (personal.data) setForm(toForm(personal.data));
  }, [personal.data]);

  const formDirty = Boolean(form && personal.data && !sameForm(form, toForm(personal.data)));
  const dirty = formDirty || basicDirty;
  const blocker = useLeaveGuard(dirty);

  const save = useSavePersonalProfile(personal.data?.lockedFields ?? [], {
    onSuccess: () => notifySuccess("Saved Profile"),
  });

  const saveThen = useCallback(
    async (after?: () => void) => {
      if (!form) return;
      const errors = personalFormErrors(form, personal.data?.lockedFields ?? []);
      setFormErrors(errors);
      if (Object.keys(errors).length) return;
      try {
        if (formDirty) await save.mutateAsync(form);
        after?.();
      } catch {
        // The toast already says what failed; stay on the page.
      }
    },
    [form, formDirty, save, personal.data],
  );

  if (profile.isLoading || personal.isLoading) {
    return <Spinner label="Loading profile" />;
  }
  if (!profile.data) {
    return (
      <StatusAlert tone="error" title="Failed to load profile">
        Please refresh the page to try again.
      </StatusAlert>
    );
  }

  const showHcpc = bodies.includes("HCPC");
  const corporate = branding.data?.organisationId != null;
  const showAdditional = corporate && features.data?.ProfileTabAdditionalInformation !== false;
  const additionalGroups = additional.data ?? [];
  const showReviews = corporate && features.data?.OrganisationUserReview !== false;

  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1}>Profile</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card withBorder padding="lg">
              <ProfileImage canEdit={canEdit} />
            </Card>
            <MembershipCard canCancel={canEdit} />
            <GoverningBodies canEdit={canEdit} />
            <Suspense fallback={null}>
              <ProfileSignatureCard canEdit={canEdit} />
            </Suspense>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <BasicDetailsCard profile={profile.data} canEdit={canEdit} onDirtyChange={setBasicDirty} />
            <TagsEditor />
          </Stack>
        </Grid.Col>
      </Grid>

      <Card withBorder padding="lg" component="section" aria-label="Profile details">
        {form && personal.data ? (
          <Tabs defaultValue={initialTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="professional">Professional Information and Qualifications</Tabs.Tab>
              {showHcpc && <Tabs.Tab value="hcpc">HCPC Information</Tabs.Tab>}
              <Tabs.Tab value="registrations">Registrations</Tabs.Tab>
              <Tabs.Tab value="documents">Personal Documents</Tabs.Tab>
              {showAdditional && additionalGroups.length > 0 && (
                <Tabs.Tab value="additional">Additional Information</Tabs.Tab>
              )}
              {showReviews && <Tabs.Tab value="reviews">Annual Reviews</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="professional" pt="md">
              <ProfessionalInfoForm
                form={form}
                onChange={setForm}
                locked={personal.data.lockedFields}
                corporate={corporate}
                errors={formErrors}
              />
            </Tabs.Panel>
            {showHcpc && (
              <Tabs.Panel value="hcpc" pt="md">
                <HcpcInfo form={form} onChange={setForm} />
              </Tabs.Panel>
            )}
            <Tabs.Panel value="registrations" pt="md">
              <RegistrationsEditor order={3} />
            </Tabs.Panel>
            <Tabs.Panel value="documents" pt="md">
              <PersonalDocuments />
            </Tabs.Panel>
            {showAdditional && additionalGroups.length > 0 && (
              <Tabs.Panel value="additional" pt="md">
                <AdditionalInformation groups={additionalGroups} />
              </Tabs.Panel>
            )}
            {showReviews && (
              <Tabs.Panel value="reviews" pt="md">
                <AnnualReviews />
              </Tabs.Panel>
            )}
          </Tabs>
        ) : (
          <StatusAlert tone="error" title="Failed to load profile">
            Your professional information could not be loaded.
          </StatusAlert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => saveThen()} loading={save.isPending} disabled={!form}>
            Save and Continue
          </Button>
          <Button
            onClick={() => saveThen(() => navigate("/dashboard"))}
            loading={save.isPending}
            disabled={!form}
          >
            Save and Close
          </Button>
        </Group>
      </Card>

      <UnsavedChangesModal
        opened={blocker.state === "blocked"}
        saving={save.isPending}
        onLeave={() => blocker.proceed?.()}
        onKeepEditing={() => blocker.reset?.()}
        onSaveAndExit={() => saveThen(() => blocker.proceed?.())}
      />
    </Stack>
  );
}

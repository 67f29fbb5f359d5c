import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { usePageTitle } from "../../lib/use-page-title";
import { useRevalidationProgress } from "./queries";
import { RegistrationsEditor } from "./RegistrationsEditor";
import { RequiredRegistrationPrompt } from "./RequiredRegistrationPrompt";

/**
 * The onboarding step after a new member's first log-in (REQ-REVAL-02, REQ-REVAL-09): add the
 * registrations they hold, then go on to the welcome screen. It can be skipped unless their
 * organisation requires a registration they do not yet hold.
 */
export default function OnboardingRegistrationsPage() {
  usePageTitle("Your registrations");
  const navigate = useNavigate();
  const progress = useRevalidationProgress({ quiet: true });
  const goOn = () => navigate("/welcome", { replace: true });
  const required = progress.data?.requiredRegistration ?? null;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Your professional registrations</Title>
      <Text>
        Add each registration you hold with a regulator, such as the NMC or the GPhC. Your revalidation page
        then shows what your regulator asks of you, what you have done and what is still short. You can change
        them later in your profile.
      </Text>
      <RequiredRegistrationPrompt />
      <RegistrationsEditor onSaved={goOn} />
      {progress.isSuccess && required === null && (
        <Group justify="flex-end">
          <Button variant="default" onClick={goOn}>
            Skip for now
          </Button>
        </Group>
      )}
    </Stack>
  );
}

import { Stack, Text, Title } from "@mantine/core";
import { Fragment } from "react";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { usePageTitle } from "../../lib/use-page-title";
import { AttestationsSection } from "../attestations";
import { ProgressCard } from "./ProgressCard";
import { usePacks, useRevalidationProgress } from "./queries";
import { RecordsSection } from "./RecordsSection";
import { RegistrationsEditor } from "./RegistrationsEditor";
import { RequiredRegistrationPrompt } from "./RequiredRegistrationPrompt";
import { SubmissionSection } from "./SubmissionSection";

/** The themes of the packs the caller's registrations follow, each once. */
function themesOf(packIds: string[], packs: { id: string; themes: string[] }[]): string[] {
  return [...new Set(packs.filter((p) => packIds.includes(p.id)).flatMap((p) => p.themes))];
}

export default function RevalidationPage() {
  usePageTitle("Revalidation");
  const progress = useRevalidationProgress();
  const packs = usePacks();
  const items = progress.data?.items ?? [];
  const themes = themesOf(
    items.map((p) => p.pack.id),
    packs.data?.items ?? [],
  );

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>Revalidation</Title>
      <RequiredRegistrationPrompt />
      {progress.isLoading ? (
        <Spinner label="Loading your revalidation progress" />
      ) : progress.isError ? (
        <StatusAlert tone="error" title="Failed to load your revalidation progress">
          Please refresh the page to try again.
        </StatusAlert>
      ) : items.length === 0 ? (
        <>
          <Text>
            Add your professional registration to see what your regulator requires for revalidation or
            renewal, what you have done and what is still short.
          </Text>
          <RegistrationsEditor />
        </>
      ) : (
        <>
          {items.map((p) => (
            <Fragment key={p.registration.id}>
              <ProgressCard p={p} />
              <AttestationsSection p={p} />
              <SubmissionSection p={p} />
            </Fragment>
          ))}
          <RecordsSection themes={themes} regulators={items.map((p) => p.registration.regulator)} />
          <RegistrationsEditor />
        </>
      )}
    </Stack>
  );
}

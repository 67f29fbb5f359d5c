import { Badge, CloseButton, Group } from "@mantine/core";
import { useRevalidationProgress } from "../revalidation";

/** The title of the requirement `countsTowards` names, from the progress the revalidation page reads. */
function useRequirementTitle(countsTowards: string): string | null {
  const progress = useRevalidationProgress({ quiet: true });
  const [registrationId = "", requirementId] = countsTowards.split(":");
  const registration = progress.data?.items.find(
    (p) => p.registration.id.toLowerCase() === registrationId.toLowerCase(),
  );
  return registration?.requirements.find((r) => r.id === requirementId)?.title ?? null;
}

/** The entries list narrowed to what a revalidation requirement counts (a link from its progress bar). */
export function CountsTowardsFilter({ value, onRemove }: { value: string; onRemove: () => void }) {
  const label = `Counting towards: ${useRequirementTitle(value) ?? "a revalidation requirement"}`;
  return (
    <Group gap={4} mt="sm" wrap="nowrap" data-testid="entries-counts-towards">
      <Badge variant="light" color="blue.9" size="lg" tt="none" maw="100%" style={{ whiteSpace: "normal" }}>
        {label}
      </Badge>
      <CloseButton size="sm" aria-label={`Remove the filter ${label}`} onClick={onRemove} />
    </Group>
  );
}

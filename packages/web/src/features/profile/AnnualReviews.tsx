import { ukDate } from "@cpd/contract";
import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { Spinner } from "../../lib/Spinner";
import { useMyReviews } from "./queries";

/** REQ-PROFILE-08: the member's annual reviews, newest first. */
export function AnnualReviews() {
  const reviews = useMyReviews();
  if (reviews.isLoading) return <Spinner size="sm" label="Loading annual reviews" />;
  const items = reviews.data?.items ?? [];
  if (items.length === 0) return <Text>No reviews have been recorded yet</Text>;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {items.map((r) => (
        <Card key={r.id} withBorder padding="md" component="li">
          <Group justify="space-between" mb="xs">
            <Text fw={700}>{ukDate(r.date)}</Text>
            <Badge color={r.metRequirements ? "#1e6b30" : "#9c3d00"} variant="filled">
              {r.metRequirements ? "Met requirements" : "Requirements not met"}
            </Badge>
          </Group>
          <Text fz="sm" c="dimmed">
            {r.organisationName}
            {r.reviewerName ? `, reviewed by ${r.reviewerName}` : ""}
          </Text>
          {r.comments && (
            <Text mt="xs" style={{ whiteSpace: "pre-wrap" }}>
              {r.comments}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}

// Who the owner shared the record with, until when, and the share's status in words; with the
// Reset sharing button (not for a completed share, which can no longer change).
import { Badge, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { londonDateTime } from "../../lib/london-time";
import { notifySuccess } from "../../lib/notify";
import { useResetSharing } from "./queries";
import { type RevieweeRecord, STATUS_HINTS, STATUS_LABELS } from "./review-model";

const STATUS_COLOURS = { shared: "blue", expired: "gray", locked: "red", completed: "green" } as const;

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" fz="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

export function ShareSummary({
  entryId,
  reviewee,
  onReset,
}: {
  entryId: string;
  reviewee: RevieweeRecord;
  onReset: () => void;
}) {
  const reset = useResetSharing();
  const status = reviewee.Status;

  function confirmReset() {
    modals.openConfirmModal({
      title: "Reset sharing?",
      children: (
        <Text>
          The link you sent and any code already sent stop working, and a signature not yet matched by the
          other side is voided. The topics and comments are kept. You can share the record again afterwards.
        </Text>
      ),
      labels: { confirm: "Reset sharing", cancel: "Cancel" },
      confirmProps: { color: "#a51d1d" },
      onConfirm: () =>
        reset.mutate(entryId, {
          onSuccess: (res) => {
            notifySuccess(res.message);
            onReset();
          },
        }),
    });
  }

  return (
    <Stack gap="sm">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
        <Detail term={reviewee.RevieweeType}>{reviewee.RevieweeName}</Detail>
        <Detail term="Email">{reviewee.RevieweeEmail}</Detail>
        <Detail term="Phone number">{reviewee.RevieweeNumber}</Detail>
        <Detail term="Link expires">{londonDateTime(reviewee.ExpiresAt)}</Detail>
      </SimpleGrid>
      <Group gap="sm" wrap="wrap">
        <Text fz="sm">Status:</Text>
        <Badge
          color={STATUS_COLOURS[status]}
          variant="outline"
          tt="none"
          styles={{ label: { color: "#212529" } }}
        >
          {STATUS_LABELS[status]}
        </Badge>
        <Text fz="sm">{STATUS_HINTS[status]}</Text>
      </Group>
      {status !== "completed" && (
        <div>
          <Button variant="default" onClick={confirmReset} loading={reset.isPending}>
            Reset sharing
          </Button>
        </div>
      )}
    </Stack>
  );
}

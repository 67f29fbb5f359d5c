import { Box, Progress, Stack, Text } from "@mantine/core";
import { useUsage } from "./queries";
import { formatBytes, type UsageKind, type UsageLevel, usageLevel } from "./usage-levels";

const COLOURS: Record<UsageLevel, string> = { normal: "blue.8", high: "orange.9", full: "red.8" };
const WORDS: Record<UsageLevel, string> = { normal: "", high: " (nearly full)", full: " (full)" };

function Meter({
  kind,
  label,
  used,
  limit,
  text,
}: {
  kind: UsageKind;
  label: string;
  used: number;
  limit: number;
  text: string;
}) {
  const { percent, level } = usageLevel(kind, used, limit);
  const id = `usage-${kind}`;
  return (
    <Box data-level={level}>
      <Text id={id} fz="sm" fw={600}>
        {label}: {text}
        {WORDS[level]}
      </Text>
      <Progress.Root size="md" mt={4}>
        <Progress.Section value={percent} color={COLOURS[level]} aria-labelledby={id} />
      </Progress.Root>
    </Box>
  );
}

/** Entries and storage against the limits of non-premium users (REQ-MEMBER-07). */
export function UsageGauge() {
  const { data } = useUsage();
  if (!data || (data.entriesLimit === null && data.storageLimit === null)) return null;
  return (
    <Stack
      gap="sm"
      p="sm"
      mt="sm"
      style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
      aria-label="Usage"
      role="region"
    >
      {data.entriesLimit !== null && (
        <Meter
          kind="entries"
          label="Entries"
          used={data.entries}
          limit={data.entriesLimit}
          text={`${data.entries} of ${data.entriesLimit}`}
        />
      )}
      {data.storageLimit !== null && (
        <Meter
          kind="storage"
          label="Storage"
          used={data.storage}
          limit={data.storageLimit}
          text={`${formatBytes(data.storage)} of ${formatBytes(data.storageLimit)}`}
        />
      )}
    </Stack>
  );
}

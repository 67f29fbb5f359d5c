import { Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Spinner } from "../../../lib/Spinner";
import { useClinicalSkillsLink, useClinicalSkillsStatistics } from "../queries";
import { LinkModal } from "./ClinicalSkillsLinkModal";
import { WidgetCard } from "./WidgetCard";

export function ClinicalSkillsWidget() {
  const status = useClinicalSkillsLink(true);
  const linked = status.data?.linked === true;
  const stats = useClinicalSkillsStatistics(linked);
  const [open, setOpen] = useState(false);
  const counters = stats.data
    ? [
        { label: "Skills in the past 7 days", value: stats.data.past7DaysSkills },
        { label: "Skills in the past 30 days", value: stats.data.past30DaysSkills },
        { label: "Shifts in the past 7 days", value: stats.data.past7DaysShifts },
        { label: "Shifts in the past 30 days", value: stats.data.past30DaysShifts },
      ]
    : null;
  return (
    <WidgetCard title="Clinical Skills">
      {status.isLoading && <Spinner size="sm" label="Loading Clinical Skills" />}
      {status.isError && <Text c="dimmed">The link status could not be checked.</Text>}
      {status.data && !linked && (
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">Link your Clinical Skills account to see the skills and shifts you have logged.</Text>
          <Button onClick={() => setOpen(true)}>Link Clinical Skills account</Button>
        </Stack>
      )}
      {linked && stats.isLoading && <Spinner size="sm" label="Loading Clinical Skills statistics" />}
      {linked && stats.isError && <Text c="dimmed">--</Text>}
      {counters && (
        <SimpleGrid cols={2} component="dl" m={0}>
          {counters.map((c) => (
            <div key={c.label}>
              <Text component="dt" fz="sm">
                {c.label}
              </Text>
              <Text component="dd" m={0} fz="xl" fw={700} c="#1864ab">
                {c.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      )}
      {linked && status.data?.email && (
        <Text fz="xs" c="dimmed" mt="xs">
          Linked to {status.data.email}
        </Text>
      )}
      <LinkModal opened={open} onClose={() => setOpen(false)} />
    </WidgetCard>
  );
}

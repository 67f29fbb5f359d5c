import { SimpleGrid, Text } from "@mantine/core";
import { resilienceFigures } from "../dashboard-model";
import { WidgetCard } from "./WidgetCard";

export function ResilienceStats({ stats }: { stats: Parameters<typeof resilienceFigures>[0] }) {
  const figures = resilienceFigures(stats);
  if (!figures) return null;
  return (
    <WidgetCard title="Resilience statistics">
      <SimpleGrid cols={{ base: 2, sm: 5 }} component="dl" m={0}>
        {figures.map((f) => (
          <div key={f.label}>
            <Text component="dt" fz="sm" fw={600}>
              {f.label}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={700}>
              {f.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </WidgetCard>
  );
}

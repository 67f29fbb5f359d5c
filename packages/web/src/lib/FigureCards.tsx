import { Card, SimpleGrid, Text } from "@mantine/core";

/** A row of headline figures ("--" until loaded). */
export function FigureCards({ figures }: { figures: [label: string, value: string | number | undefined][] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: figures.length }}>
      {figures.map(([label, value]) => (
        <Card key={label} withBorder padding="md">
          <Text fz="sm" c="dimmed">
            {label}
          </Text>
          <Text fz="xl" fw={700}>
            {value ?? "--"}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

import { Table, Text } from "@mantine/core";

/** A member in a table: their name (or address), then the address and organisation in small print. */
export function PersonCell({
  name,
  email,
  organisation,
}: {
  name: string;
  email: string;
  organisation?: string | null;
}) {
  return (
    <Table.Td miw={180}>
      {name || email}
      <Text fz="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {email}
        {organisation ? `, ${organisation}` : ""}
      </Text>
    </Table.Td>
  );
}

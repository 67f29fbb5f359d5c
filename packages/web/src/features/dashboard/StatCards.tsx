import { Card, Text, UnstyledButton } from "@mantine/core";
import { Link } from "react-router-dom";
import { GridList } from "../../lib/GridList";
import { entriesLink, oneDecimal } from "./dashboard-model";

interface Stats {
  hoursLogged: number;
  totalEntries: number;
  diaryEntries: number;
  reflectiveEntries: number;
}

/**
 * The four top statistics ("--" when they failed to load); each opens the entries list it
 * counts: the same period (`range`, the dates of the chosen period) and type.
 */
export function StatCards({
  stats,
  failed,
  range,
}: {
  stats: Stats | undefined;
  failed: boolean;
  range: { from: string | null; to: string };
}) {
  const show = (v: number | undefined, f: (n: number) => string = String) =>
    failed || v === undefined ? "--" : f(v);
  const cards = [
    { label: "Hours Logged", value: show(stats?.hoursLogged, oneDecimal), to: entriesLink(range) },
    { label: "Total Entries", value: show(stats?.totalEntries), to: entriesLink(range) },
    { label: "Diary Entries", value: show(stats?.diaryEntries), to: entriesLink(range, "diary") },
    { label: "Reflections", value: show(stats?.reflectiveEntries), to: entriesLink(range, "reflection") },
  ];
  return (
    <GridList cols={{ base: 2, md: 4 }} spacing="md">
      {cards.map((c) => (
        <li key={c.label}>
          <UnstyledButton component={Link} to={c.to} className="stat-link" display="block" h="100%">
            <Card withBorder padding="md" h="100%" data-testid={`stat-${c.label}`}>
              <Text fz={32} fw={700} lh={1.1} c="#1864ab" data-testid={`stat-value-${c.label}`}>
                {c.value}
              </Text>
              <Text fw={600} mt={4}>
                {c.label}
              </Text>
            </Card>
          </UnstyledButton>
        </li>
      ))}
    </GridList>
  );
}

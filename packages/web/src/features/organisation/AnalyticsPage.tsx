import { Card, SimpleGrid, Stack, Table, Title } from "@mantine/core";
import { useState } from "react";
import { DateRangeFields, isValidRange } from "../../lib/DateRangeFields";
import { FigureCards } from "../../lib/FigureCards";
import { StatusAlert } from "../../lib/StatusAlert";
import { usePageTitle } from "../../lib/use-page-title";
import type { ChartSpec } from "../dashboard";
import { ChartFigure, chartColour, monthKeyLabel, oneDecimal } from "../dashboard";
import { OrganisationHeading } from "./OrganisationHeading";
import { useCurrentOrganisation, useOrganisationAnalytics } from "./queries";
import { lastTwelveMonths } from "./range";

const bar = (series: { month: string; value: number }[], seriesLabel: string): ChartSpec => ({
  type: "bar",
  labels: series.map((m) => monthKeyLabel(m.month)),
  values: series.map((m) => m.value),
  colours: series.map((_, i) => chartColour(i)),
  seriesLabel,
});

/** REQ-ORG-03 analytics (resilience organisations and admins): the organisation's CPD over time. */
export default function AnalyticsPage() {
  usePageTitle("Organisation analytics");
  const org = useCurrentOrganisation();
  const id = org.current?.id ?? null;
  const [range, setRange] = useState(lastTwelveMonths);
  const valid = isValidRange(range);
  const figures = useOrganisationAnalytics(
    id,
    range,
    id !== null && valid && org.current?.analytics === true,
  );
  // The page keeps its heading when it has nothing else to show (a page without one is lost to
  // a screen reader's list of headings; the axe sweep of every route found this).
  if (org.current && !org.current.analytics) {
    return (
      <Stack gap="lg" maw={1200}>
        <OrganisationHeading title="Analytics" org={org} />
        <StatusAlert tone="info" title="Not available">
          Analytics are available to resilience organisations.
        </StatusAlert>
      </Stack>
    );
  }
  const f = figures.data;
  return (
    <Stack gap="lg" maw={1200}>
      <OrganisationHeading title="Analytics" org={org} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={520}>
        <DateRangeFields id="analytics" value={range} onChange={setRange} />
      </SimpleGrid>
      <FigureCards
        figures={[
          ["Users", f?.users],
          ["Active users", f?.activeUsers],
          ["Entries", f?.entries],
          ["CPD hours", f ? oneDecimal(f.hours) : undefined],
        ]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartFigure
          title="CPD hours by month"
          loading={figures.isLoading}
          failed={figures.isError}
          spec={f ? bar(f.hoursByMonth, "Hours") : null}
        />
        <ChartFigure
          title="Entries by month"
          loading={figures.isLoading}
          failed={figures.isError}
          spec={f ? bar(f.entriesByMonth, "Entries") : null}
        />
        <ChartFigure
          title="CPD hours by category"
          loading={figures.isLoading}
          failed={figures.isError}
          spec={
            f
              ? {
                  type: "pie",
                  labels: f.categories.map((c) => c.category),
                  values: f.categories.map((c) => c.hours),
                  colours: f.categories.map((_, i) => chartColour(i)),
                  seriesLabel: "Hours",
                }
              : null
          }
        />
        <Card withBorder padding="md" component="section" aria-labelledby="completeness-title">
          <Title order={2} fz="h5" id="completeness-title" mb="xs">
            Entry completeness by month
          </Title>
          <Table.ScrollContainer minWidth={360}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th>Complete</Table.Th>
                  <Table.Th>Partly complete</Table.Th>
                  <Table.Th>Little detail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(f?.completeness ?? []).map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td>{monthKeyLabel(m.month)}</Table.Td>
                    <Table.Td>{m.complete}</Table.Td>
                    <Table.Td>{m.partial}</Table.Td>
                    <Table.Td>{m.low}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

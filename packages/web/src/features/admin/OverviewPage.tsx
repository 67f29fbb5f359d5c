import { ukDate } from "@cpd/contract";
import { SimpleGrid, Stack, Title } from "@mantine/core";
import { FigureCards } from "../../lib/FigureCards";
import { usePageTitle } from "../../lib/use-page-title";
import type { ChartSpec } from "../dashboard";
import { ChartFigure, chartColour } from "../dashboard";
import { useAdminOverview } from "./queries";

/** A pie (a colour per slice) or a bar chart (one colour) of labelled values. */
const chart = (type: "pie" | "bar", points: [string, number][], seriesLabel: string): ChartSpec => ({
  type,
  labels: points.map(([l]) => l),
  values: points.map(([, v]) => v),
  colours: points.map((_, i) => chartColour(type === "pie" ? i : 0)),
  seriesLabel,
});

const TIER_NAMES: Record<string, string> = { BASIC: "Basic", PREMIUM: "Premium", CORPORATE: "Corporate" };

/** Members by tier, activity and entries per week. */
export default function OverviewPage() {
  usePageTitle("Overview");
  const o = useAdminOverview();
  const d = o.data;
  const members = d?.membersByTier.reduce((n, t) => n + t.users, 0);
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1}>Overview</Title>
      <FigureCards
        figures={[
          ["Members", members],
          ["Active in the last 30 days", d?.activeUsers],
          ["Organisations", d?.organisations],
        ]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartFigure
          title="Members by tier"
          loading={o.isLoading}
          failed={o.isError}
          empty="No members yet."
          spec={
            d
              ? chart(
                  "pie",
                  d.membersByTier.map((t) => [TIER_NAMES[t.tier] ?? t.tier, t.users]),
                  "Members",
                )
              : null
          }
        />
        <ChartFigure
          title="Entries per week"
          loading={o.isLoading}
          failed={o.isError}
          empty="No entries in the last twelve weeks."
          spec={
            d
              ? chart(
                  "bar",
                  d.entriesPerWeek.map((w) => [ukDate(w.week), w.entries]),
                  "Entries",
                )
              : null
          }
        />
      </SimpleGrid>
    </Stack>
  );
}

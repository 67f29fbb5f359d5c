import { api } from "@cpd/contract";
import { SimpleGrid, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { formatDate } from "../../lib/dates";
import { FigureCards } from "../../lib/FigureCards";
import { usePageTitle } from "../../lib/use-page-title";
import { ChartFigure } from "../dashboard/ChartFigure";
import { chartColour } from "../dashboard/dashboard-model";

const TIER_NAMES: Record<string, string> = { BASIC: "Basic", PREMIUM: "Premium", CORPORATE: "Corporate" };

/** Members by tier, activity and entries per week. */
export default function OverviewPage() {
  usePageTitle("Overview");
  const o = useQuery({
    queryKey: ["admin", "overview"],
    queryFn: () => call(api.adminOverview),
    meta: { errorTitle: "Failed to load the overview" },
  });
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
              ? {
                  type: "pie",
                  labels: d.membersByTier.map((t) => TIER_NAMES[t.tier] ?? t.tier),
                  values: d.membersByTier.map((t) => t.users),
                  colours: d.membersByTier.map((_, i) => chartColour(i)),
                  seriesLabel: "Members",
                }
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
              ? {
                  type: "bar",
                  labels: d.entriesPerWeek.map((w) => formatDate(w.week)),
                  values: d.entriesPerWeek.map((w) => w.entries),
                  colours: d.entriesPerWeek.map(() => chartColour(0)),
                  seriesLabel: "Entries",
                }
              : null
          }
        />
      </SimpleGrid>
    </Stack>
  );
}

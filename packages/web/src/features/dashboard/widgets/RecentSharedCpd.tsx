import { ukDate } from "@cpd/contract";
import { Anchor, Text } from "@mantine/core";
import { GridList } from "../../../lib/GridList";
import { Spinner } from "../../../lib/Spinner";
import { useNearViewport } from "../../../lib/use-near-viewport";
import { useRecentSharedCpd } from "../queries";
import { ReadMore } from "../ReadMore";
import { WidgetCard } from "./WidgetCard";

/** Below the fold: asks for its items when scrolled near (ADR 0038). */
export function RecentSharedCpd({ ready = true }: { ready?: boolean }) {
  const [ref, near] = useNearViewport<HTMLDivElement>(ready);
  const { data, isLoading, isError } = useRecentSharedCpd(near);
  return (
    <div ref={ref}>
      <WidgetCard title="Recent Shared CPD" more={{ to: "/shared-cpd", label: "View all shared CPD" }}>
        {isLoading && <Spinner size="sm" label="Loading shared CPD" />}
        {isError && <Text c="dimmed">Shared CPD could not be loaded.</Text>}
        {data && data.items.length === 0 && (
          <Text>There's no recently shared CPD at the moment. Check back later.</Text>
        )}
        {data && data.items.length > 0 && (
          <GridList cols={{ base: 1, sm: 2, lg: 3 }}>
            {data.items.slice(0, 6).map((s) => (
              <li key={s.id} className="shared-item">
                <Text fw={600}>{s.title}</Text>
                <Text fz="xs" c="dimmed">
                  {s.category} · shared by {s.nickname} on {ukDate(s.date)}
                </Text>
                {s.description && <ReadMore text={s.description} />}
                {s.websiteUrl && (
                  <Anchor href={s.websiteUrl} target="_blank" rel="noopener noreferrer" fz="sm">
                    Visit the website
                    <span className="visually-hidden"> for {s.title} (opens in a new tab)</span>
                  </Anchor>
                )}
              </li>
            ))}
          </GridList>
        )}
      </WidgetCard>
    </div>
  );
}

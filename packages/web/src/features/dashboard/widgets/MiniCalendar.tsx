import { ukDate } from "@cpd/contract";
import { Stack, Text } from "@mantine/core";
import { bareList } from "../../../lib/bare-list";
import { now } from "../../../lib/clock";
import { addDays, londonDay } from "../../../lib/london-time";
import { Spinner } from "../../../lib/Spinner";
import { useNearViewport } from "../../../lib/use-near-viewport";
import {
  buildItems,
  type CalendarItem,
  KIND_STYLES,
  useEvents,
  usePlannedCpd,
  useWebinars,
} from "../../calendar";
import { WidgetCard } from "./WidgetCard";

/** The next few things in the calendar: events, webinars and planned CPD. */
export function MiniCalendar({
  webinarsOn,
  onOpen,
  ready = true,
}: {
  webinarsOn: boolean;
  onOpen: (it: CalendarItem) => void;
  /** The page above has its data: start watching whether this is scrolled near. */
  ready?: boolean;
}) {
  const today = londonDay(now());
  const to = addDays(today, 90);
  // Below the fold: its three calls wait until it is scrolled near (ADR 0038).
  const [ref, near] = useNearViewport<HTMLDivElement>(ready);
  const events = useEvents(today, to, near);
  const webinars = useWebinars(webinarsOn && near);
  const planned = usePlannedCpd(near);
  const items = buildItems(
    {
      events: events.data?.filter((e) => !e.ended),
      webinars: webinarsOn ? webinars.data : [],
      planned: planned.data,
    },
    today,
  )
    .filter((it) => it.day >= today && it.day <= to)
    .slice(0, 6);
  // Not near yet: nothing asked, nothing shown as loading (the page above is complete).
  const loading = events.isLoading || planned.isLoading;
  return (
    <div ref={ref}>
      <WidgetCard title="Coming up" more={{ to: "/calendar", label: "Open the calendar" }}>
        {loading && <Spinner size="sm" label="Loading the calendar" />}
        {near && !loading && items.length === 0 && (
          <Text>Nothing in your calendar for the next 90 days.</Text>
        )}
        {items.length > 0 && (
          <Stack gap={6} {...bareList}>
            {items.map((it) => {
              const s = KIND_STYLES[it.kind];
              return (
                <li key={it.key}>
                  {/* Named by its visible text, then its kind (WCAG 2.5.3: the name contains what is seen). */}
                  <button
                    type="button"
                    className="cal-chip cal-chip-wrap"
                    style={{ color: s.colour, background: s.background, fontSize: 14 }}
                    onClick={() => onOpen(it)}
                  >
                    <span className="cal-symbol" aria-hidden="true">
                      {s.symbol}
                    </span>
                    <span className="cal-chip-text">
                      <strong>{ukDate(it.day)}</strong>
                      {it.time ? ` ${it.time}` : ""} · {it.title}
                      <span className="visually-hidden">, {s.label}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </Stack>
        )}
      </WidgetCard>
    </div>
  );
}

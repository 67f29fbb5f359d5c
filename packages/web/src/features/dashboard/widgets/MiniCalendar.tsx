import { ukDate } from "@cpd/contract";
import { Stack, Text } from "@mantine/core";
import { bareList } from "../../../lib/bare-list";
import { now } from "../../../lib/clock";
import { addDays, londonDay } from "../../../lib/london-time";
import { Spinner } from "../../../lib/Spinner";
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
}: {
  webinarsOn: boolean;
  onOpen: (it: CalendarItem) => void;
}) {
  const today = londonDay(now());
  const to = addDays(today, 90);
  const events = useEvents(today, to);
  const webinars = useWebinars(webinarsOn);
  const planned = usePlannedCpd();
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
  const loading = events.isLoading || planned.isLoading;
  return (
    <WidgetCard title="Coming up" more={{ to: "/calendar", label: "Open the calendar" }}>
      {loading && <Spinner size="sm" label="Loading the calendar" />}
      {!loading && items.length === 0 && <Text>Nothing in your calendar for the next 90 days.</Text>}
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
  );
}

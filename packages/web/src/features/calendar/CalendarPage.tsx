import { api, ukDate } from "@cpd/contract";
import { Button, Card, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { buildUrl } from "../../lib/api-client";
import { now } from "../../lib/clock";
import { useSession } from "../../lib/session";
import { usePageTitle } from "../../lib/use-page-title";
import { CALENDAR_TOUR, GuidedTour } from "../dashboard";
import "./calendar.css";
import { addDays, addMonths, londonDay, monthTitle, startOfMonth, startOfWeek } from "../../lib/london-time";
import { ListView, MonthView, WeekView } from "./CalendarViews";
import { buildItems, byDay, type CalendarItem, editPath, type Webinar } from "./calendar-model";
import { EventDetailsModal } from "./EventDetailsModal";
import { Legend } from "./Legend";
import { useEntryMetadata, useEvents, usePlannedCpd, useWebinars, useWebinarsEnabled } from "./queries";
import { WebinarDetailsModal } from "./WebinarDetailsModal";

type View = "month" | "week" | "list";

/** The range a view shows around an anchor day. */
function viewRange(view: View, anchor: string): { from: string; to: string; gridStart: string } {
  if (view === "week") {
    const from = startOfWeek(anchor);
    return { from, to: addDays(from, 6), gridStart: from };
  }
  const first = startOfMonth(anchor);
  const last = addDays(addMonths(first, 1), -1);
  if (view === "list") return { from: first, to: last, gridStart: first };
  const gridStart = startOfWeek(first);
  return { from: gridStart, to: addDays(gridStart, 41), gridStart };
}

/** Opening an item: events and webinars show details, planned CPD and entries open for editing. */
export function useItemOpener() {
  const navigate = useNavigate();
  const [eventId, setEventId] = useState<string | null>(null);
  const [webinar, setWebinar] = useState<Webinar | null>(null);
  const open = (it: CalendarItem) => {
    if (it.kind === "event" || it.kind === "registered-event") setEventId(it.event.id);
    else if (it.kind === "webinar") setWebinar(it.webinar);
    else if (it.kind === "planned" || it.kind === "entry") navigate(editPath(it.entryType, it.entryId));
  };
  const modals = (
    <>
      <EventDetailsModal eventId={eventId} onClose={() => setEventId(null)} />
      <WebinarDetailsModal webinar={webinar} onClose={() => setWebinar(null)} />
    </>
  );
  return { open, modals };
}

export default function CalendarPage() {
  usePageTitle("Calendar");
  const state = useSession();
  const narrow = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  const today = londonDay(now());
  const [view, setView] = useState<View>(narrow ? "list" : "month");
  const [anchor, setAnchor] = useState(today);
  const range = viewRange(view, anchor);

  const webinarsOn = useWebinarsEnabled();
  const events = useEvents(range.from, range.to);
  const webinars = useWebinars(webinarsOn);
  const planned = usePlannedCpd();
  const metadata = useEntryMetadata();
  const { open, modals } = useItemOpener();

  const days = useMemo(() => {
    const items = buildItems(
      {
        events: events.data,
        webinars: webinarsOn ? webinars.data : [],
        planned: planned.data,
        entries: metadata.data,
      },
      today,
    ).filter((it) => it.day >= range.from && it.day <= range.to);
    return byDay(items);
  }, [events.data, webinars.data, webinarsOn, planned.data, metadata.data, today, range.from, range.to]);

  const step = (n: number) =>
    setAnchor((a) => (view === "week" ? addDays(startOfWeek(a), 7 * n) : addMonths(startOfMonth(a), n)));
  const title =
    view === "week" ? `${ukDate(range.from)} to ${ukDate(range.to)}` : monthTitle(startOfMonth(anchor));
  const unit = view === "week" ? "week" : "month";
  const icsUrl = state ? buildUrl(api.calendarFeed.path, undefined, { auth_token: state.token }) : undefined;
  const loading = events.isLoading || planned.isLoading || metadata.isLoading;

  return (
    <Stack gap="md" maw={1300}>
      <Group justify="space-between" align="center">
        <Title order={1}>Calendar</Title>
        <Group gap="sm">
          <GuidedTour steps={CALENDAR_TOUR} />
          <Button component={Link} to="/create/diary">
            Create Diary Entry
          </Button>
          {icsUrl && (
            <Button
              component="a"
              href={icsUrl}
              download="cpd-calendar.ics"
              variant="default"
              data-tour="calendar-feed"
            >
              Add to my calendar
            </Button>
          )}
        </Group>
      </Group>
      <Text c="dimmed" fz="sm">
        Times are shown in UK time (Europe/London). &ldquo;Add to my calendar&rdquo; downloads your registered
        events, webinars and planned CPD as a calendar file.
      </Text>
      <div data-tour="calendar-key">
        <Legend />
      </div>
      <Card withBorder padding="md">
        <Stack gap="md">
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Group gap="xs" data-tour="calendar-navigation">
              <Button variant="default" onClick={() => step(-1)} aria-label={`Previous ${unit}`}>
                Previous
              </Button>
              <Button variant="default" onClick={() => setAnchor(today)}>
                Today
              </Button>
              <Button variant="default" onClick={() => step(1)} aria-label={`Next ${unit}`}>
                Next
              </Button>
            </Group>
            <Title order={2} fz="h3" aria-live="polite">
              {title}
            </Title>
            <SegmentedControl
              data-tour="calendar-view"
              aria-label="Calendar view"
              value={view}
              onChange={(v) => setView(v as View)}
              data={[
                { value: "month", label: "Month" },
                { value: "week", label: "Week" },
                { value: "list", label: "List" },
              ]}
            />
          </Group>
          <div data-tour="calendar-grid">
            {loading ? (
              <Text>Loading the calendar…</Text>
            ) : view === "month" ? (
              <MonthView
                monthStart={startOfMonth(anchor)}
                gridStart={range.gridStart}
                today={today}
                days={days}
                onOpen={open}
                onMore={(day) => {
                  setAnchor(day);
                  setView("week");
                }}
              />
            ) : view === "week" ? (
              <WeekView weekStart={range.from} today={today} days={days} onOpen={open} />
            ) : (
              <ListView
                today={today}
                days={days}
                onOpen={open}
                empty="There is nothing in your calendar this month."
              />
            )}
          </div>
        </Stack>
      </Card>
      {modals}
    </Stack>
  );
}

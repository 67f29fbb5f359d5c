import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { ApiError } from "../../lib/api-error";
import { bareList } from "../../lib/bare-list";
import { now } from "../../lib/clock";
import { formatDate } from "../../lib/dates";
import { FormActions } from "../../lib/FormActions";
import { GridList } from "../../lib/GridList";
import { notifyError } from "../../lib/notify";
import { SectionCard } from "../../lib/SectionCard";
import { buildItems, type CalendarItem, KIND_STYLES } from "../calendar/calendar-model";
import { addDays, londonDay, londonRange, ukDay } from "../calendar/london-time";
import { useEvents, usePlannedCpd, useWebinars } from "../calendar/queries";
import { WebinarRegisterButton } from "../calendar/WebinarDetailsModal";
import { countdownMessage, resilienceFigures } from "./dashboard-model";
import {
  useClinicalSkillsLink,
  useClinicalSkillsStatistics,
  useLinkClinicalSkills,
  useRecentSharedCpd,
} from "./queries";
import { ReadMore } from "./ReadMore";
import "../calendar/calendar.css";
import "./dashboard.css";
import { Spinner } from "../../lib/Spinner";

/** A dashboard widget; `more` links to the page that has the rest. */
function WidgetCard({
  title,
  more,
  children,
}: {
  title: string;
  more?: { to: string; label: string };
  children: React.ReactNode;
}) {
  const action = more && (
    <Anchor component={Link} to={more.to} fz="sm">
      {more.label}
    </Anchor>
  );
  return (
    <SectionCard size="sm" title={title} action={action}>
      {children}
    </SectionCard>
  );
}

export function CountdownCard({
  hoursLeft,
  endDate,
  compliance,
}: {
  hoursLeft: number | null;
  endDate: string | null;
  compliance: number | null;
}) {
  const message = countdownMessage(hoursLeft, endDate, now());
  if (!message) return null;
  return (
    <WidgetCard title="CPD hours countdown">
      <Text fw={600} data-testid="countdown">
        {message}
      </Text>
      {compliance !== null && (
        <Text fz="sm" c="dimmed" mt={4}>
          {`${Math.round(compliance)}% of this period's CPD hours logged${endDate ? `; the period ends on ${formatDate(endDate)}` : ""}.`}
        </Text>
      )}
    </WidgetCard>
  );
}

export function ResilienceStats({ stats }: { stats: Parameters<typeof resilienceFigures>[0] }) {
  const figures = resilienceFigures(stats);
  if (!figures) return null;
  return (
    <WidgetCard title="Resilience statistics">
      <SimpleGrid cols={{ base: 2, sm: 5 }} component="dl" m={0}>
        {figures.map((f) => (
          <div key={f.label}>
            <Text component="dt" fz="sm" fw={600}>
              {f.label}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={700}>
              {f.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </WidgetCard>
  );
}

export function RecentSharedCpd() {
  const { data, isLoading, isError } = useRecentSharedCpd(true);
  return (
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
                {s.category} · shared by {s.nickname} on {formatDate(s.date)}
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
  );
}

/** One webinar at a time with Previous and Next; the position is announced politely. */
export function UpcomingWebinars() {
  const { data, isLoading, isError } = useWebinars(true);
  const [index, setIndex] = useState(0);
  const list = data ?? [];
  const i = list.length ? Math.min(index, list.length - 1) : 0;
  const w = list[i];
  return (
    <WidgetCard title="Upcoming Webinars" more={{ to: "/my-webinars", label: "My Webinars" }}>
      {isLoading && <Spinner size="sm" label="Loading webinars" />}
      {isError && <Text c="dimmed">Webinars could not be loaded.</Text>}
      {data && list.length === 0 && (
        <Text>Sorry, there are no Webinars available at the moment. Please check back later!</Text>
      )}
      {w && (
        // A group, not a second landmark inside the widget's own "Upcoming Webinars" section.
        <Stack gap="xs" role="group" aria-roledescription="carousel" aria-label="Upcoming webinars">
          <div>
            <Text fw={700}>{w.title}</Text>
            <Text fz="sm" c="dimmed">
              {londonRange(w.startDate, w.endDate)}
            </Text>
            <ReadMore key={w.id} text={w.webinarDescription} />
            <Group mt="xs" gap="xs">
              <WebinarRegisterButton webinar={w} />
              {w.registered && (
                <Badge color="green" variant="light" tt="none" styles={{ label: { color: "#1e6b30" } }}>
                  Registered
                </Badge>
              )}
            </Group>
          </div>
          {list.length > 1 && (
            <Group justify="space-between" mt="xs">
              <Button
                variant="default"
                size="xs"
                onClick={() => setIndex(i === 0 ? list.length - 1 : i - 1)}
                aria-label="Previous webinar"
              >
                Previous
              </Button>
              <Text fz="sm" aria-live="polite">
                {i + 1} of {list.length}
              </Text>
              <Button
                variant="default"
                size="xs"
                onClick={() => setIndex(i === list.length - 1 ? 0 : i + 1)}
                aria-label="Next webinar"
              >
                Next
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </WidgetCard>
  );
}

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
                    <strong>{ukDay(it.day)}</strong>
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

const LINK_MESSAGES: Record<number, string> = {
  400: "Please enter a valid email address and password.",
  403: "Your email and password combination was not recognised.",
};

function LinkModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const link = useLinkClinicalSkills();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError(LINK_MESSAGES[400] ?? null);
      return;
    }
    setError(null);
    link.mutate(
      { emailAddress: email.trim(), password },
      {
        onSuccess: () => {
          setPassword("");
          onClose();
        },
        onError: (err) => {
          const known = err instanceof ApiError && err.status ? LINK_MESSAGES[err.status] : undefined;
          if (known) setError(known);
          else notifyError("Failed to link account", err);
        },
      },
    );
  }
  return (
    <Modal opened={opened} onClose={onClose} title="Link your Clinical Skills account">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm">Sign in with your Clinical Skills account. Your password is not stored.</Text>
          {error && (
            <Alert color="red" variant="light" role="alert" styles={{ message: { color: "#a51d1d" } }}>
              {error}
            </Alert>
          )}
          <TextInput
            label="Email address"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <FormActions submitLabel="Link account" pending={link.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

export function ClinicalSkillsWidget() {
  const status = useClinicalSkillsLink(true);
  const linked = status.data?.linked === true;
  const stats = useClinicalSkillsStatistics(linked);
  const [open, setOpen] = useState(false);
  const counters = stats.data
    ? [
        { label: "Skills in the past 7 days", value: stats.data.past7DaysSkills },
        { label: "Skills in the past 30 days", value: stats.data.past30DaysSkills },
        { label: "Shifts in the past 7 days", value: stats.data.past7DaysShifts },
        { label: "Shifts in the past 30 days", value: stats.data.past30DaysShifts },
      ]
    : null;
  return (
    <WidgetCard title="Clinical Skills">
      {status.isLoading && <Spinner size="sm" label="Loading Clinical Skills" />}
      {status.isError && <Text c="dimmed">The link status could not be checked.</Text>}
      {status.data && !linked && (
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">Link your Clinical Skills account to see the skills and shifts you have logged.</Text>
          <Button onClick={() => setOpen(true)}>Link Clinical Skills account</Button>
        </Stack>
      )}
      {linked && stats.isLoading && <Spinner size="sm" label="Loading Clinical Skills statistics" />}
      {linked && stats.isError && <Text c="dimmed">--</Text>}
      {counters && (
        <SimpleGrid cols={2} component="dl" m={0}>
          {counters.map((c) => (
            <div key={c.label}>
              <Text component="dt" fz="sm">
                {c.label}
              </Text>
              <Text component="dd" m={0} fz="xl" fw={700} c="#1864ab">
                {c.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      )}
      {linked && status.data?.email && (
        <Text fz="xs" c="dimmed" mt="xs">
          Linked to {status.data.email}
        </Text>
      )}
      <LinkModal opened={open} onClose={() => setOpen(false)} />
    </WidgetCard>
  );
}

import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { now } from "../../lib/clock";
import { londonDay } from "../../lib/london-time";
import { usePageTitle } from "../../lib/use-page-title";
import {
  type CalendarItem,
  EventDetailsModal,
  editPath,
  type Webinar,
  WebinarDetailsModal,
} from "../calendar";
import {
  hasFeatureAccess,
  openUpgradeModal,
  useBranding,
  useDashboardSettings,
  useProfile,
  useUserFeatures,
} from "../shell";
import { Banners } from "./Banners";
import { ChartFigure } from "./ChartFigure";
import type { ChartSpec } from "./chart-spec";
import { DashboardTour } from "./DashboardTour";
import {
  chartColour,
  DEFAULT_PERIOD,
  monthKeyLabel,
  type PeriodChoice,
  periodDates,
  widgetsForMode,
} from "./dashboard-model";
import { PeriodSelector } from "./PeriodSelector";
import { useActivityFieldGraph, useGraphs, useMonthly, useStandards, useStatistics } from "./queries";

export { prefetchDashboard as prefetch } from "./queries";

import { StatCards } from "./StatCards";
import {
  ClinicalSkillsWidget,
  CountdownCard,
  MiniCalendar,
  RecentSharedCpd,
  ResilienceStats,
  RevalidationWidget,
  UpcomingWebinars,
} from "./widgets";

/** The one organisation that has the extra activity pie (REQ-DASH-04). */
const ACTIVITY_PIE_ORGANISATION = 51;

function pie(list: { category: string; value: number }[] | undefined): ChartSpec | null {
  if (!list) return null;
  return {
    type: "pie",
    labels: list.map((x) => x.category),
    values: list.map((x) => x.value),
    colours: list.map((_, i) => chartColour(i)),
    seriesLabel: "Entries",
  };
}

export default function DashboardHome() {
  usePageTitle("Dashboard");
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [choice, setChoice] = useState<PeriodChoice>({ period: DEFAULT_PERIOD });
  const [webinar, setWebinar] = useState<Webinar | null>(null);

  const profile = useProfile();
  const settings = useDashboardSettings();
  const branding = useBranding();
  const userFeatures = useUserFeatures();
  const w = settings.data?.dashboardWidgets;
  const can = (name: string) => userFeatures.data?.[name] === true;
  // SharedCPD gates the Shared CPD, Calendar and Webinars widgets (REQ-ROLE-04).
  const mode = settings.data?.dashboardMode ?? "advanced";
  const show = widgetsForMode(mode, {
    countdown: w?.showCPDHourCountdown === true,
    categories: w?.cpdCategories === true,
    activity: w?.activityTypes === true,
    monthly: w?.entriesGraph === true,
    standards: w?.governingBodyStandards === true,
    sharedCpd: w?.sharedCPD === true && can("SharedCPD"),
    calendar: w?.calendar === true && can("SharedCPD"),
    webinars: w?.webinars === true && can("SharedCPD") && can("Webinars"),
    clinicalSkills: w?.clinicalSkills === true,
    reflection: w?.reflection === true && can("Reflection"),
    supervision: w?.supervision === true,
  });
  const orgPie = mode === "advanced" && branding.data?.organisationId === ACTIVITY_PIE_ORGANISATION;

  const stats = useStatistics(choice);
  const graphs = useGraphs(choice, show.categories || show.activity);
  const monthly = useMonthly(show.monthly);
  const standards = useStandards(choice, show.standards);
  const activityField = useActivityFieldGraph(choice, orgPie);

  const eventId = params.get("event");
  const closeEvent = () => {
    const next = new URLSearchParams(params);
    next.delete("event");
    setParams(next, { replace: true });
  };
  const openItem = (it: CalendarItem) => {
    if (it.kind === "event" || it.kind === "registered-event") {
      const next = new URLSearchParams(params);
      next.set("event", it.event.id);
      setParams(next);
    } else if (it.kind === "webinar") setWebinar(it.webinar);
    else if (it.kind === "planned" || it.kind === "entry") navigate(editPath(it.entryType, it.entryId));
  };

  // The pie charts shown, in this order; each says whether its own query is loading or failed.
  const pies = [
    show.categories && { title: "Top CPD Categories", slices: graphs.data?.cpdCategories, query: graphs },
    show.activity && { title: "Activity Types", slices: graphs.data?.activityArranged, query: graphs },
    orgPie && { title: "Activity", slices: activityField.data, query: activityField },
  ].filter((p) => p !== false);

  const monthlySpec: ChartSpec | null = monthly.data
    ? {
        type: "bar",
        labels: monthly.data.map((m) => monthKeyLabel(m.key)),
        values: monthly.data.map((m) => m.value),
        colours: monthly.data.map((_, i) => chartColour(i)),
        seriesLabel: "Entries",
        stepSize: 1,
      }
    : null;

  const noEntries = stats.data?.totalEntries === 0;
  // The widgets below the charts ask for their data once the page above has its own (so they are
  // where they will stay) and they are scrolled near (ADR 0038): not with the first screen's calls.
  const firstScreenDone =
    settings.data !== undefined &&
    !stats.isPending &&
    !graphs.isLoading &&
    !monthly.isLoading &&
    !standards.isLoading &&
    !activityField.isLoading;

  return (
    <Stack gap="lg" maw={1300}>
      <Group justify="space-between" align="center">
        <Title order={1}>Dashboard</Title>
        <Group gap="md">
          <DashboardTour ready={!stats.isPending} />
          <Anchor component={Link} to="/settings" data-tour="customise">
            Customise
            <span className="visually-hidden"> your dashboard</span>
          </Anchor>
        </Group>
      </Group>
      {profile.data && <Banners profile={profile.data} />}
      <div data-tour="period">
        <PeriodSelector value={choice} onChange={setChoice} />
      </div>
      <section aria-labelledby="statistics-title" data-tour="statistics">
        <Title order={2} id="statistics-title" className="visually-hidden">
          Your statistics
        </Title>
        <StatCards stats={stats.data} failed={stats.isError} range={periodDates(choice, londonDay(now()))} />
        {noEntries && (
          <Text mt="sm" role="status">
            No entries within the specified period.
          </Text>
        )}
      </section>
      <Group gap="sm">
        <Button component={Link} to="/create/diary" variant="default">
          New diary entry
        </Button>
        {show.reflection && (
          <Button component={Link} to="/create/reflection" variant="default">
            New reflection
          </Button>
        )}
        {/* Supervision is premium: without access the button opens the upgrade modal (ADR 0020). */}
        {show.supervision && profile.data && !hasFeatureAccess(profile.data) ? (
          <Button variant="default" onClick={() => openUpgradeModal("Supervision")}>
            New supervision
            <span className="visually-hidden"> (locked: Premium feature)</span>
          </Button>
        ) : (
          show.supervision && (
            <Button component={Link} to="/create/supervision" variant="default">
              New supervision
            </Button>
          )
        )}
      </Group>
      {/* Revalidation is central (issue 26): shown in both modes whenever the user has a registration. */}
      <RevalidationWidget />
      {stats.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {show.countdown && (
            <div data-tour="countdown">
              <CountdownCard
                hoursLeft={stats.data.hoursLeft}
                endDate={stats.data.endDate}
                compliance={stats.data.userCompliance}
              />
            </div>
          )}
          <ResilienceStats stats={stats.data} />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} data-tour="charts">
        {pies.map(({ title, slices, query }) => (
          <ChartFigure
            key={title}
            title={title}
            spec={pie(slices)}
            loading={query.isLoading}
            failed={query.isError}
          />
        ))}
        {show.monthly && (
          <ChartFigure
            title="Entries over the last 12 months"
            spec={monthlySpec}
            loading={monthly.isLoading}
            failed={monthly.isError}
            empty="No entries in the last 12 months."
          />
        )}
        {show.standards &&
          (standards.data ?? []).map((g) => (
            <ChartFigure
              key={g.title}
              title={`${g.title} standards`}
              showLegendOnMobile={g.showLegendOnMobileDevices}
              spec={{
                type: "bar",
                labels: g.graphData.map((d) => d.key),
                values: g.graphData.map((d) => d.value),
                tooltips: g.graphData.map((d) => d.tooltipText),
                colours: g.graphData.map((_, i) => chartColour(i)),
                seriesLabel: "Entries",
                stepSize: 1,
              }}
            />
          ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {show.webinars && (
          <div data-tour="webinars">
            <UpcomingWebinars ready={firstScreenDone} />
          </div>
        )}
        {show.calendar && (
          <div data-tour="calendar">
            <MiniCalendar
              webinarsOn={show.webinars || can("Webinars")}
              onOpen={openItem}
              ready={firstScreenDone}
            />
          </div>
        )}
        {show.clinicalSkills && <ClinicalSkillsWidget />}
      </SimpleGrid>
      {show.sharedCpd && <RecentSharedCpd ready={firstScreenDone} />}
      <EventDetailsModal eventId={eventId} onClose={closeEvent} />
      <WebinarDetailsModal webinar={webinar} onClose={() => setWebinar(null)} />
    </Stack>
  );
}

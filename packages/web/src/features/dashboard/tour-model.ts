// The guided tours (REQ-DASH-06): the dashboard's main tour started by the Show tour button and a
// short mini tour shown once, automatically, unless the page still shows its loading text or
// this browser stored the skip flag; the calendar's tour, by its own Show tour button.

export interface TourStep {
  /** The value of the highlighted area's data-tour attribute. */
  target: string;
  /** Names the highlighted area; the step dialog's accessible name. */
  title: string;
  body: string;
}

export const TOUR_ATTR = "data-tour";

export const MAIN_TOUR: readonly TourStep[] = [
  {
    target: "period",
    title: "Period selector",
    body: "Choose the period your statistics and charts cover: 12, 24 or 36 months, your whole lifetime, or your own dates.",
  },
  {
    target: "statistics",
    title: "Your statistics",
    body: "Hours logged and entries in the chosen period. Each figure opens the matching entries.",
  },
  {
    target: "countdown",
    title: "CPD hours countdown",
    body: "How many hours of CPD you still need, and how many days are left to log them.",
  },
  {
    target: "charts",
    title: "Charts",
    body: "Your top CPD categories, activity types, entries over the last 12 months and governing body standards.",
  },
  {
    target: "calendar",
    title: "Calendar",
    body: "Your coming events, webinars and planned CPD. Choose an item to see its details.",
  },
  {
    target: "webinars",
    title: "Upcoming webinars",
    body: "Webinars you can register for. Use the arrows to see more.",
  },
  {
    target: "customise",
    title: "Customise",
    body: "Choose which widgets your dashboard shows, in the dashboard settings.",
  },
];

export const MINI_TOUR: readonly TourStep[] = [
  {
    target: "statistics",
    title: "Welcome to your dashboard",
    body: "Your CPD at a glance: hours logged and entries for the chosen period.",
  },
  {
    target: "customise",
    title: "Customise",
    body: "Choose which widgets your dashboard shows.",
  },
  {
    target: "tour-button",
    title: "Show tour",
    body: "Take the full tour of the dashboard at any time with this button.",
  },
];

export const CALENDAR_TOUR: readonly TourStep[] = [
  {
    target: "calendar-key",
    title: "The key",
    body: "Each kind of item has its own symbol and colour: events, registered events, webinars, planned CPD and your entries.",
  },
  {
    target: "calendar-navigation",
    title: "Previous, Today and Next",
    body: "Move a month (or a week) at a time, or come back to today.",
  },
  {
    target: "calendar-view",
    title: "Month, week or list",
    body: "Choose how the calendar shows your items. On a phone the list is easiest to read.",
  },
  {
    target: "calendar-grid",
    title: "Your items",
    body: "Choose an event or a webinar to see its details and register; choose planned CPD or an entry to open it.",
  },
  {
    target: "calendar-feed",
    title: "Add to my calendar",
    body: "Download your registered events, webinars and planned CPD as a file for the calendar app you use.",
  },
];

/** The steps whose area is on the page (widgets can be switched off or gated by features). */
export const presentSteps = (steps: readonly TourStep[], isPresent: (target: string) => boolean) =>
  steps.filter((s) => isPresent(s.target));

/** The page's loading text: a loader still announcing "Loading…". */
export const LOADING_SELECTOR = '[aria-label^="Loading"]';

/** The mini tour starts unless this browser stored the skip flag or the page is still loading. */
export const shouldStartMiniTour = (s: { skipFlag: boolean; loadingTextPresent: boolean }) =>
  !s.skipFlag && !s.loadingTextPresent;

export const stepLabel = (index: number, count: number) => `Step ${index + 1} of ${count}`;

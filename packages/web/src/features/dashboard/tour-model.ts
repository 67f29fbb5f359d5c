// The guided tours (REQ-DASH-06): the dashboard's main tour started by the Show tour button and a
// short mini tour shown once, automatically, unless the page still shows its loading text or
// this browser stored the skip flag; the calendar's, entries list's, entry forms' and My Files'
// tours, each by its own Show tour button (ADR 0024).

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

export const ENTRIES_TOUR: readonly TourStep[] = [
  {
    target: "entries-new",
    title: "New diary entry",
    body: "Record a new piece of CPD. Reflections and supervision records are in the menu.",
  },
  {
    target: "entries-filters",
    title: "Filters",
    body: "Search your entries, or narrow the list by year, tag, type, governing body, category or CPD Health Check.",
  },
  {
    target: "entries-list",
    title: "Your entries",
    body: "Every entry with its date, type, category and hours. Sort by a column; use Actions to view, edit, e-mail or delete an entry.",
  },
];

const FORM_STEPS = (kind: string, intro: string): readonly TourStep[] => [
  { target: "form-fields", title: `Your ${kind}`, body: intro },
  {
    target: "form-save-state",
    title: "Saving",
    body: "Once saved, the entry saves itself as you type; this shows when it last did.",
  },
  {
    target: "form-supervision",
    title: "Supervision review",
    body: "Share the record with the other person in the supervision, follow its topics and sign it off.",
  },
  {
    target: "form-tags",
    title: "Tags",
    body: "Add tags to find this entry later and to filter your portfolio.",
  },
  {
    target: "form-actions",
    title: "Save",
    body: "Save the entry, or preview it as a PDF. Required fields are checked when you save.",
  },
];

/** The tours of the three entry forms, by entry type (the forms' areas differ a little). */
export const ENTRY_FORM_TOURS: Record<"diary" | "reflection" | "supervision", readonly TourStep[]> = {
  diary: FORM_STEPS(
    "diary entry",
    "What you did, when, for how long and what you learned. The form's sections follow one another down the page.",
  ),
  reflection: FORM_STEPS(
    "reflection",
    "Reflect on an experience: what happened, what you learned and what you will do next.",
  ),
  supervision: FORM_STEPS(
    "supervision record",
    "Who took part, when, and what you discussed. No title is needed for a supervision record.",
  ),
};

export const FILES_TOUR: readonly TourStep[] = [
  {
    target: "files-upload",
    title: "Upload a file",
    body: "Add certificates and other evidence. Files count towards your storage.",
  },
  {
    target: "files-list",
    title: "Your files",
    body: "Every file you uploaded, with the entry it belongs to. Rename, preview or delete a file from here.",
  },
  {
    target: "files-preview",
    title: "Preview",
    body: "The file you choose to preview, or a changing image from your files.",
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

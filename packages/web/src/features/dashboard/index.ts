// What other features use of this one (docs/decisions/0015-module-boundaries-and-jobs.md): a
// feature imports another only through its index. No route pages here: they stay lazy-loaded.
export { ChartFigure } from "./ChartFigure";
export type { ChartSpec } from "./chart-spec";
export { GuidedTour } from "./DashboardTour";
export { chartColour, monthKeyLabel, oneDecimal } from "./dashboard-model";
export { useClinicalSkillsLink } from "./queries";
export { CALENDAR_TOUR, ENTRIES_TOUR, ENTRY_FORM_TOURS, FILES_TOUR } from "./tour-model";

// What other features use of this one (docs/decisions/0015-module-boundaries-and-jobs.md): a
// feature imports another only through its index. No route pages here: they stay lazy-loaded.
export {
  buildItems,
  type CalendarEvent,
  type CalendarItem,
  editPath,
  KIND_STYLES,
  type Webinar,
} from "./calendar-model";
export { EventDetailsModal } from "./EventDetailsModal";
export { calendarKeys, useEvents, usePlannedCpd, useRegisteredWebinars, useWebinars } from "./queries";
export { WebinarDetailsModal, WebinarRegisterButton } from "./WebinarDetailsModal";

// Its chips are shown elsewhere too (the dashboard's coming-up list).
import "./calendar.css";

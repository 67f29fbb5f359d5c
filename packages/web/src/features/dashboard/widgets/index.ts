// The dashboard's widgets, one file each.
export { ClinicalSkillsWidget } from "./ClinicalSkillsWidget";
export { CountdownCard } from "./CountdownCard";
export { MiniCalendar } from "./MiniCalendar";
export { RecentSharedCpd } from "./RecentSharedCpd";
export { ResilienceStats } from "./ResilienceStats";
export { RevalidationWidget } from "./RevalidationWidget";
export { UpcomingWebinars } from "./UpcomingWebinars";

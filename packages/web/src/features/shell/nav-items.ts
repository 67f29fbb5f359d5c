import type { FeatureName } from "@cpd/contract";

export interface NavItem {
  label: string;
  to: string;
  /** A platform feature: hidden when the organisation disables it, locked when the user cannot use it. */
  feature?: FeatureName;
  /** Needs a full membership or a running trial (spec 1 §4 feature access). */
  premium?: boolean;
  /** Other path prefixes that belong to this item (the builder behind the portfolio choice). */
  also?: string[];
}

export const MAIN_NAV: NavItem[] = [
  { label: "Dashboard", to: "/dashboard" },
  { label: "Diary", to: "/create/diary" },
  { label: "Reflection", to: "/create/reflection", feature: "Reflection" },
  { label: "Supervision", to: "/create/supervision", premium: true },
  { label: "Entries", to: "/entries" },
  { label: "Profile", to: "/profile" },
  { label: "Portfolio", to: "/portfolio-builder/choose", premium: true, also: ["/portfolio-builder"] },
  { label: "My Webinars", to: "/my-webinars", feature: "Webinars" },
  { label: "My Files", to: "/files" },
  { label: "Shared CPD", to: "/shared-cpd", feature: "SharedCPD" },
  { label: "CPD Hub", to: "/videos", also: ["/video"] },
  { label: "Calendar", to: "/calendar" },
];

export const ORGANISATION_NAV: NavItem[] = [
  { label: "Users", to: "/organisation/users" },
  { label: "Certificates", to: "/organisation/certificates" },
  { label: "Shared CPD", to: "/organisation/shared-cpd" },
  { label: "Events", to: "/organisation/events" },
  { label: "Settings", to: "/organisation/settings" },
];

export const ADMIN_NAV: NavItem[] = [
  { label: "Overview", to: "/admin/overview" },
  { label: "Organisations", to: "/admin/organisations" },
  { label: "Memberships", to: "/admin/memberships" },
  { label: "Certificates", to: "/admin/certificates" },
  { label: "Shared CPD", to: "/admin/shared-cpd" },
  { label: "Activity Log", to: "/admin/activity-log" },
  { label: "Events", to: "/admin/events" },
];

export type NavState = "open" | "locked" | "hidden";

export interface Access {
  /** GET features: what the platform and organisation enable. */
  features: Record<string, boolean> | undefined;
  /** GET features/user: what this user may use. */
  userFeatures: Record<string, boolean> | undefined;
  /** Full member, or a trial that has not expired. */
  hasAccess: boolean;
}

export function navState(item: NavItem, access: Access): NavState {
  if (item.feature) {
    if (access.features?.[item.feature] === false) return "hidden";
    if (access.userFeatures?.[item.feature] === false) return "locked";
  }
  if (item.premium && !access.hasAccess) return "locked";
  return "open";
}

export function hasFeatureAccess(profile: {
  fullMember: boolean;
  trialStatus: { isTrialUser: boolean; isTrialExpired: boolean };
}): boolean {
  return profile.fullMember || (profile.trialStatus.isTrialUser && !profile.trialStatus.isTrialExpired);
}

/** Whether the sidebar item is the current page's: its path, a page under it, or one of its other paths. */
export function isNavActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.also ?? [])].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

import { ADMIN_SCREEN_ROLES, type FeatureName, ROLES } from "@cpd/contract";

export interface NavItem {
  label: string;
  to: string;
  /** A platform feature: hidden when the organisation disables it, locked when the user cannot use it. */
  feature?: FeatureName;
  /** Needs a full membership or a running trial (REQ-MEMBER-04 feature access). */
  premium?: boolean;
  /** Other path prefixes that belong to this item (the builder behind the portfolio choice). */
  also?: string[];
  /** Only for these roles (an admin screen's). */
  roles?: readonly string[];
  /** Only when the caller's organisation has analytics (or they are an Admin). */
  analytics?: boolean;
  /** The person's dashboard switch (their organisation's when it has one): hidden while off (ADR 0020). */
  entrySwitch?: "reflection" | "supervision";
  /** An organisation switch of a manager's screen: hidden while off, except for administrators (ADR 0020). */
  organisationFeature?: FeatureName;
}

export const MAIN_NAV: NavItem[] = [
  { label: "Dashboard", to: "/dashboard" },
  { label: "Diary", to: "/create/diary" },
  { label: "Reflection", to: "/create/reflection", feature: "Reflection", entrySwitch: "reflection" },
  { label: "Supervision", to: "/create/supervision", premium: true, entrySwitch: "supervision" },
  { label: "Entries", to: "/entries" },
  { label: "Revalidation", to: "/revalidation" },
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
  {
    label: "Certificates",
    to: "/organisation/certificates",
    organisationFeature: "OrganisationCertificates",
  },
  { label: "Shared CPD", to: "/organisation/shared-cpd", organisationFeature: "OrganisationSharedCPD" },
  { label: "Events", to: "/organisation/events", organisationFeature: "OrganisationEvents" },
  { label: "Analytics", to: "/organisation/analytics", analytics: true },
  { label: "Settings", to: "/organisation/settings" },
];

/** Who sees the Organisation Management section: managers, and the administrators of organisations. */
export const ORGANISATION_AREA_ROLES: readonly string[] = [
  ROLES.organisationManager,
  ...ADMIN_SCREEN_ROLES.organisations,
];

export const ADMIN_NAV: NavItem[] = [
  { label: "Member Groups", to: "/admin/member-groups", roles: ADMIN_SCREEN_ROLES.memberGroups },
  { label: "Overview", to: "/admin/overview", roles: ADMIN_SCREEN_ROLES.overview },
  { label: "Organisations", to: "/admin/organisations", roles: ADMIN_SCREEN_ROLES.organisations },
  { label: "Memberships", to: "/admin/memberships", roles: ADMIN_SCREEN_ROLES.memberships },
  { label: "Certificates", to: "/admin/certificates", roles: ADMIN_SCREEN_ROLES.certificates },
  { label: "Shared CPD", to: "/admin/shared-cpd", roles: ADMIN_SCREEN_ROLES.sharedCpd },
  { label: "Activity Log", to: "/admin/activity-log", roles: ADMIN_SCREEN_ROLES.activityLog },
  { label: "Events", to: "/admin/events", roles: [ROLES.admin] },
];

export type NavState = "open" | "locked" | "hidden";

export interface Access {
  /** GET features: what the platform and organisation enable. */
  features: Record<string, boolean> | undefined;
  /** GET features/user: what this user may use. */
  userFeatures: Record<string, boolean> | undefined;
  /** Full member, or a trial that has not expired. */
  hasAccess: boolean;
  /** GET settings/dashboard: the reflection and supervision switches. */
  switches?: { reflection: boolean; supervision: boolean };
  /** Any administrator role: organisation switches do not hide their screens. */
  admin?: boolean;
}

export function navState(item: NavItem, access: Access): NavState {
  if (item.entrySwitch && access.switches?.[item.entrySwitch] === false) return "hidden";
  if (item.organisationFeature && !access.admin && access.features?.[item.organisationFeature] === false) {
    return "hidden";
  }
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

/** The sidebar item a page belongs to, when it has one (the guard of pages reached by URL, ADR 0020). */
export function navItemOf(pathname: string): NavItem | undefined {
  return [...MAIN_NAV, ...ORGANISATION_NAV].find((item) => isNavActive(item, pathname));
}

/** The items of a section this caller sees: their roles, and analytics where it applies. */
export function visibleItems(items: NavItem[], roles: readonly string[], analytics: boolean): NavItem[] {
  return items.filter(
    (i) =>
      (!i.roles || i.roles.some((r) => roles.includes(r))) &&
      (!i.analytics || analytics || roles.includes(ROLES.admin)),
  );
}

// The administrator's pages (issue 12), under /admin. Each page is its own chunk, and each screen
// only for its roles (ADMIN_SCREEN_ROLES): others go to the first screen they have.
import { ADMIN_SCREEN_ROLES, type AdminScreen } from "@cpd/contract";
import { lazy, Suspense } from "react";
import { Navigate, type RouteObject } from "react-router-dom";
import { useSession } from "../lib/session";
import { PageLoader } from "./PageLoader";

const OverviewPage = lazy(() => import("../features/admin/OverviewPage"));
const OrganisationsPage = lazy(() => import("../features/admin/OrganisationsPage"));
const OrganisationFormPage = lazy(() => import("../features/admin/OrganisationFormPage"));
const MembershipsPage = lazy(() => import("../features/admin/MembershipsPage"));
const ActivityLogPage = lazy(() => import("../features/admin/ActivityLogPage"));
const SharedCpdPage = lazy(() => import("../features/admin/SharedCpdPage"));
const CertificatesPage = lazy(() => import("../features/admin/CertificatesPage"));
const MemberGroupsPage = lazy(() => import("../features/admin/MemberGroupsPage"));

const SCREEN_PATHS: [AdminScreen, string][] = [
  ["overview", "/admin/overview"],
  ["organisations", "/admin/organisations"],
  ["memberships", "/admin/memberships"],
  ["certificates", "/admin/certificates"],
  ["sharedCpd", "/admin/shared-cpd"],
  ["activityLog", "/admin/activity-log"],
  ["memberGroups", "/admin/member-groups"],
];

/** The page when the caller holds one of the screen's roles; otherwise their first screen. */
function Screen({ screen, children }: { screen: AdminScreen; children: React.ReactNode }) {
  const roles = useSession()?.roles ?? [];
  const has = (s: AdminScreen) => (ADMIN_SCREEN_ROLES[s] as readonly string[]).some((r) => roles.includes(r));
  if (!has(screen)) {
    const first = SCREEN_PATHS.find(([s]) => has(s));
    return <Navigate to={first ? first[1] : "/dashboard"} replace />;
  }
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}

const PAGES: [path: string, screen: AdminScreen, page: React.ReactNode][] = [
  ["/admin/overview", "overview", <OverviewPage key="overview" />],
  ["/admin/organisations", "organisations", <OrganisationsPage key="organisations" />],
  ["/admin/organisations/create", "organisations", <OrganisationFormPage key="create" />],
  [
    "/admin/organisations/:organisationId/configure",
    "organisations",
    <OrganisationFormPage key="configure" />,
  ],
  ["/admin/memberships", "memberships", <MembershipsPage key="memberships" />],
  ["/admin/activity-log", "activityLog", <ActivityLogPage key="activity-log" />],
  ["/admin/certificates", "certificates", <CertificatesPage key="certificates" />],
  ["/admin/shared-cpd", "sharedCpd", <SharedCpdPage key="shared-cpd" />],
  ["/admin/member-groups", "memberGroups", <MemberGroupsPage key="member-groups" />],
];

/** Children of the signed-in layout; the admin guard wraps them in router.tsx. */
export const ADMIN_ROUTES: RouteObject[] = [
  { path: "/admin", element: <Navigate to="/admin/overview" replace /> },
  ...PAGES.map(([path, screen, page]) => ({ path, element: <Screen screen={screen}>{page}</Screen> })),
  // An unknown admin address: the overview, or the caller's first screen.
  { path: "/admin/*", element: <Navigate to="/admin/overview" replace /> },
];

// The organisation manager's pages (issue 12), under /organisation. Each page is its own chunk.
import { lazy, Suspense } from "react";
import type { RouteObject } from "react-router-dom";
import { ComingSoon } from "./lazy-pages";
import { PageLoader } from "./PageLoader";

const UsersReportPage = lazy(() => import("../features/organisation/UsersReportPage"));
const OrganisationSettingsPage = lazy(() => import("../features/organisation/SettingsPage"));
const AnalyticsPage = lazy(() => import("../features/organisation/AnalyticsPage"));
const page = (node: React.ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

/** Children of the signed-in layout; the manager guard wraps them in router.tsx. */
export const ORGANISATION_ROUTES: RouteObject[] = [
  { path: "/organisation/users", element: page(<UsersReportPage />) },
  { path: "/organisation/users-report", element: page(<UsersReportPage />) },
  { path: "/organisation/settings", element: page(<OrganisationSettingsPage />) },
  { path: "/organisation/analytics", element: page(<AnalyticsPage />) },
  // Screens the spec names without their contents; their calls come with a later issue.
  { path: "/organisation/*", element: <ComingSoon title="Organisation Management" /> },
];

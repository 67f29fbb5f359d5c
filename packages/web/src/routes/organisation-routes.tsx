// The organisation manager's pages (issue 12), under /organisation. Each page is its own chunk.
import { lazy, Suspense } from "react";
import { Navigate, type RouteObject } from "react-router-dom";
import { PageLoader } from "./PageLoader";

const UsersReportPage = lazy(() => import("../features/organisation/UsersReportPage"));
const OrganisationSettingsPage = lazy(() => import("../features/organisation/SettingsPage"));
const AnalyticsPage = lazy(() => import("../features/organisation/AnalyticsPage"));
const CertificatesPage = lazy(() => import("../features/organisation/CertificatesPage"));
const SharedCpdPage = lazy(() => import("../features/organisation/SharedCpdPage"));
const page = (node: React.ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

/** Children of the signed-in layout; the manager guard wraps them in router.tsx. */
export const ORGANISATION_ROUTES: RouteObject[] = [
  { path: "/organisation/users", element: page(<UsersReportPage />) },
  { path: "/organisation/users-report", element: page(<UsersReportPage />) },
  { path: "/organisation/settings", element: page(<OrganisationSettingsPage />) },
  { path: "/organisation/analytics", element: page(<AnalyticsPage />) },
  { path: "/organisation/certificates", element: page(<CertificatesPage />) },
  { path: "/organisation/shared-cpd", element: page(<SharedCpdPage />) },
  { path: "/organisation", element: <Navigate to="/organisation/users" replace /> },
  { path: "/organisation/*", element: <Navigate to="/organisation/users" replace /> },
];

import { Suspense } from "react";
import { createBrowserRouter, Navigate } from "react-router-dom";
import LoginPage from "../features/auth/LoginPage";
import { ACCOUNT_ROUTES } from "./account-routes";
import { ADMIN_ROUTES } from "./admin-routes";
import {
  AccountManagementPage,
  AppLayout,
  CalendarPage,
  ComingSoon,
  DashboardHome,
  EmailHistoryPage,
  EntriesPage,
  EntryFormRoute,
  ForgotPasswordPage,
  HcpcPortalRoute,
  ManageEventsPage,
  MyFilesPage,
  MyWebinarsPage,
  PortfolioRoutes,
  ProfilePage,
  QrLoginPage,
  ResetPasswordPage,
  SettingsPage,
  SharedCpdPage,
  SupervisionReviewRoute,
  SupervisionVerifyRoute,
  VideoRoutes,
  WelcomePage,
} from "./lazy-pages";
import { ORGANISATION_ROUTES } from "./organisation-routes";
import { PageLoader } from "./PageLoader";
import { REDIRECTS, SUPERVISION_REVIEW_PATH, SUPERVISION_VERIFY_PATH } from "./paths";
import { RequireAuth } from "./RequireAuth";
import { RequireAdmin, RequireManager } from "./RequireRole";

const withSuspense = (node: React.ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

export const router = createBrowserRouter([
  { path: "/login", element: <LoginPage /> },
  { path: "/login-v2", element: <Navigate to="/login" replace /> },
  { path: "/login/app", element: withSuspense(<QrLoginPage />) },
  { path: "/forgot-password", element: withSuspense(<ForgotPasswordPage />) },
  { path: "/reset-password/:id", element: withSuspense(<ResetPasswordPage />) },
  ...ACCOUNT_ROUTES,
  // Guest: the e-mailed access token is the credential (REQ-ROLE-05, REQ-HCPC-01).
  { path: "/hcpc-portal", element: withSuspense(<HcpcPortalRoute />) },
  { path: "/hcpc-portal/access/:accessToken", element: withSuspense(<HcpcPortalRoute />) },
  // Guest: the supervision reviewee proves who they are with an e-mailed code (REQ-ROLE-05, REQ-SUP-03).
  { path: SUPERVISION_REVIEW_PATH, element: withSuspense(<SupervisionReviewRoute />) },
  { path: SUPERVISION_VERIFY_PATH, element: withSuspense(<SupervisionVerifyRoute />) },
  {
    element: <RequireAuth />,
    children: [
      {
        element: withSuspense(<AppLayout />),
        children: [
          { path: "/", element: <Navigate to="/dashboard" replace /> },
          { path: "/dashboard", element: <DashboardHome /> },
          { path: "/dashboard-home", element: <Navigate to="/dashboard" replace /> },
          { path: "/profile", element: <ProfilePage /> },
          { path: "/settings", element: <SettingsPage /> },
          { path: "/account-management", element: <AccountManagementPage /> },
          { path: "/email-history", element: <EmailHistoryPage /> },
          { path: "/welcome", element: <WelcomePage /> },
          { path: "/entries", element: <EntriesPage /> },
          { path: "/create/:type", element: <EntryFormRoute /> },
          { path: "/edit/:type/:id", element: <EntryFormRoute /> },
          { path: "/files", element: <MyFilesPage /> },
          { path: "/shared-cpd", element: <SharedCpdPage /> },
          { path: "/calendar", element: <CalendarPage /> },
          { path: "/webinars", element: <MyWebinarsPage /> },
          { path: "/my-webinars", element: <MyWebinarsPage /> },
          { path: "/organisation/events", element: <ManageEventsPage /> },
          { path: "/admin/events", element: <ManageEventsPage /> },
          { path: "/portfolio-builder/choose", element: <PortfolioRoutes page="choose" /> },
          { path: "/portfolio-builder", element: <PortfolioRoutes page="builder" /> },
          { path: "/videos", element: <VideoRoutes page="hub" /> },
          { path: "/videos/library/:library", element: <VideoRoutes page="library" /> },
          { path: "/video/:libraryName/:video", element: <VideoRoutes page="video" /> },
          ...REDIRECTS.map((r) => ({ path: `/${r.from}`, element: <Navigate to={r.to} replace /> })),
          { element: <RequireManager />, children: ORGANISATION_ROUTES },
          { element: <RequireAdmin />, children: ADMIN_ROUTES },
          { path: "*", element: <ComingSoon title="Page not found" notFound /> },
        ],
      },
    ],
  },
]);

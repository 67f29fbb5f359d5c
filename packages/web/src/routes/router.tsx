import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import LoginPage from "../features/auth/LoginPage";
import { ACCOUNT_ROUTES } from "./account-routes";
import { ADMIN_ROUTES } from "./admin-routes";
import {
  AccountManagementPage,
  AppLayout,
  AttestationVerifyRoute,
  AttesterRoute,
  CalendarPage,
  DashboardHome,
  EmailHistoryPage,
  EntriesPage,
  EntryFormRoute,
  ForgotPasswordPage,
  HcpcPortalRoute,
  ManageEventsPage,
  MyFilesPage,
  MyWebinarsPage,
  OnboardingRegistrationsPage,
  PortfolioRoutes,
  ProfilePage,
  QrLoginPage,
  ResetPasswordPage,
  RevalidationPage,
  SettingsPage,
  SharedCpdPage,
  SupervisionReviewRoute,
  SupervisionVerifyRoute,
  VideoRoutes,
  WelcomePage,
  withTimeout,
} from "./lazy-pages";
import { ORGANISATION_ROUTES } from "./organisation-routes";
import { PageLoader } from "./PageLoader";
import {
  ATTESTATION_PATH,
  ATTESTATION_VERIFY_PATH,
  ONBOARDING_REGISTRATIONS_PATH,
  PAGE_ALIASES,
  REDIRECTS,
  SUPERVISION_REVIEW_PATH,
  SUPERVISION_VERIFY_PATH,
} from "./paths";
import { RequireAuth } from "./RequireAuth";
import { RequireAdmin, RequireManager } from "./RequireRole";
import { RouteError } from "./RouteError";

/** Mantine's provider and theme, for every screen but /login (ADR 0033). */
const MantineRoot = lazy(() => withTimeout(import("./MantineRoot")));

/** While Mantine loads: the same screen as index.html's boot loader (plain HTML, its styles). */
function BootLoader() {
  return (
    <div className="boot-loader" role="status">
      <div className="boot-spinner" aria-hidden="true" />
      <p style={{ margin: 0 }}>Loading CPD Dashboard…</p>
    </div>
  );
}

const withSuspense = (node: React.ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

/** Every route gets the error boundary (ADR 0024), so a failure shows Reload inside the layout. */
export const withErrorBoundaries = (routes: RouteObject[]): RouteObject[] =>
  routes.map((r) => ({
    ...r,
    errorElement: r.errorElement ?? <RouteError />,
    ...(r.children ? { children: withErrorBoundaries(r.children) } : {}),
  })) as RouteObject[];

const PUBLIC_AUTH_PAGES = {
  qrLogin: () => withSuspense(<QrLoginPage />),
  forgotPassword: () => withSuspense(<ForgotPasswordPage />),
  resetPassword: () => withSuspense(<ResetPasswordPage />),
} as const;

/** Every route but the login page's own, inside Mantine's provider. */
const MANTINE_ROUTES: RouteObject[] = [
  { path: "/login/app", element: PUBLIC_AUTH_PAGES.qrLogin() },
  { path: "/forgot-password", element: PUBLIC_AUTH_PAGES.forgotPassword() },
  { path: "/reset-password/:id", element: PUBLIC_AUTH_PAGES.resetPassword() },
  ...PAGE_ALIASES.map((a) => ({ path: a.path, element: PUBLIC_AUTH_PAGES[a.page]() })),
  ...ACCOUNT_ROUTES,
  // Guest: the e-mailed access token is the credential (REQ-ROLE-05, REQ-HCPC-01).
  { path: "/hcpc-portal", element: withSuspense(<HcpcPortalRoute />) },
  { path: "/hcpc-portal/access/:accessToken", element: withSuspense(<HcpcPortalRoute />) },
  // Guest: the supervision reviewee proves who they are with an e-mailed code (REQ-ROLE-05, REQ-SUP-03).
  { path: SUPERVISION_REVIEW_PATH, element: withSuspense(<SupervisionReviewRoute />) },
  { path: SUPERVISION_VERIFY_PATH, element: withSuspense(<SupervisionVerifyRoute />) },
  // Guest: an attester proves who they are with an e-mailed code (REQ-ATTEST-04); the hash check is public.
  { path: ATTESTATION_PATH, element: withSuspense(<AttesterRoute />) },
  { path: ATTESTATION_VERIFY_PATH, element: withSuspense(<AttestationVerifyRoute />) },
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
          { path: "/revalidation", element: <RevalidationPage /> },
          { path: "/settings", element: <SettingsPage /> },
          { path: "/account-management", element: <AccountManagementPage /> },
          { path: "/email-history", element: <EmailHistoryPage /> },
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
          // The welcome screen and its registrations step (REQ-REVAL-09).
          { path: "/welcome", element: <WelcomePage /> },
          { path: ONBOARDING_REGISTRATIONS_PATH, element: <OnboardingRegistrationsPage /> },
          ...REDIRECTS.map((r) => ({ path: `/${r.from}`, element: <Navigate to={r.to} replace /> })),
          { element: <RequireManager />, children: ORGANISATION_ROUTES },
          { element: <RequireAdmin />, children: ADMIN_ROUTES },
        ],
      },
    ],
  },
  // Any other address goes to / (ADR 0024).
  { path: "*", element: <Navigate to="/" replace /> },
];

export const ROUTES: RouteObject[] = withErrorBoundaries([
  // The login page is plain HTML: no Mantine on its JavaScript (its budget, ADR 0033).
  { path: "/login", element: <LoginPage /> },
  { path: "/login-v2", element: <Navigate to="/login" replace /> },
  {
    element: (
      <Suspense fallback={<BootLoader />}>
        <MantineRoot />
      </Suspense>
    ),
    children: MANTINE_ROUTES,
  },
]);

export const router = createBrowserRouter(ROUTES);

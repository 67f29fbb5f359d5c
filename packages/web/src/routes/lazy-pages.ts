// Everything behind login is split into its own chunks so /login stays small.
import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy } from "react";
import { startEarlyCall } from "../lib/api-client";

/** A lazily loaded part that has not arrived after this long fails (ADR 0024). */
const LAZY_TIMEOUT_MS = 120_000;

/** `loading`, or a failure once `ms` have passed without an answer. */
export function withTimeout<T>(loading: Promise<T>, ms = LAZY_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Loading took longer than ${ms} ms`)), ms);
    loading.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** A page's lazy component; a failed or timed-out load reaches the route's error boundary. */
const lazyPage = <P>(loader: () => Promise<{ default: ComponentType<P> }>) =>
  lazy(() => withTimeout(loader()));

const load = {
  AppLayout: () => import("../features/shell/SignedInProviders"),
  DashboardHome: () => import("../features/dashboard/DashboardHome"),
  ProfilePage: () => import("../features/profile/ProfilePage"),
  SettingsPage: () => import("../features/settings/SettingsPage"),
  AccountManagementPage: () => import("../features/account/AccountManagementPage"),
  EmailHistoryPage: () => import("../features/account/EmailHistoryPage"),
  WelcomePage: () => import("../features/shell/WelcomePage"),
  QrLoginPage: () => import("../features/auth/QrLoginPage"),
  ForgotPasswordPage: () => import("../features/auth/ForgotPasswordPage"),
  ResetPasswordPage: () => import("../features/auth/ResetPasswordPage"),
  EntriesPage: () => import("../features/entries/EntriesPage"),
  EntryFormRoute: () => import("../features/forms/EntryFormPage"),
  MyFilesPage: () => import("../features/files/MyFilesPage"),
  SharedCpdPage: () => import("../features/shared-cpd/SharedCpdPage"),
  CalendarPage: () => import("../features/calendar/CalendarPage"),
  MyWebinarsPage: () => import("../features/webinars/MyWebinarsPage"),
  ManageEventsPage: () => import("../features/manage-events/ManageEventsPage"),
  PortfolioRoutes: () => import("../features/portfolio/PortfolioRoutes"),
  HcpcPortalRoute: () => import("../features/hcpc-portal/HcpcPortalPage"),
  VideoRoutes: () => import("../features/videos/VideoRoutes"),
  RevalidationPage: () => import("../features/revalidation/RevalidationPage"),
  OnboardingRegistrationsPage: () => import("../features/revalidation/OnboardingRegistrationsPage"),
  SupervisionReviewRoute: () => import("../features/supervision/GuestReviewPage"),
  SupervisionVerifyRoute: () => import("../features/supervision/VerifyPage"),
  AttesterRoute: () => import("../features/attestations/AttesterPage"),
  AttestationVerifyRoute: () => import("../features/attestations/AttestationVerifyPage"),
  RegisterPage: () => import("../features/auth/RegisterPage"),
  ConfirmEmailPage: () => import("../features/auth/ConfirmEmailPage"),
  OnboardingPage: () => import("../features/auth/OnboardingPage"),
  ConfirmEmailChangePage: () => import("../features/auth/ConfirmEmailChangePage"),
  OrganisationLoginPage: () => import("../features/auth/OrganisationLoginPage"),
  SsoLandingPage: () => import("../features/auth/SsoLandingPage"),
};

export const AppLayout = lazyPage(load.AppLayout);
export const DashboardHome = lazyPage(load.DashboardHome);
export const ProfilePage = lazyPage(load.ProfilePage);
export const SettingsPage = lazyPage(load.SettingsPage);
export const AccountManagementPage = lazyPage(load.AccountManagementPage);
export const EmailHistoryPage = lazyPage(load.EmailHistoryPage);
export const WelcomePage = lazyPage(load.WelcomePage);
export const QrLoginPage = lazyPage(load.QrLoginPage);
export const ForgotPasswordPage = lazyPage(load.ForgotPasswordPage);
export const ResetPasswordPage = lazyPage(load.ResetPasswordPage);
export const EntriesPage = lazyPage(load.EntriesPage);
export const EntryFormRoute = lazyPage(load.EntryFormRoute);
export const MyFilesPage = lazyPage(load.MyFilesPage);
export const SharedCpdPage = lazyPage(load.SharedCpdPage);
export const CalendarPage = lazyPage(load.CalendarPage);
export const MyWebinarsPage = lazyPage(load.MyWebinarsPage);
export const ManageEventsPage = lazyPage(load.ManageEventsPage);
export const PortfolioRoutes = lazyPage(load.PortfolioRoutes);
export const HcpcPortalRoute = lazyPage(load.HcpcPortalRoute);
export const VideoRoutes = lazyPage(load.VideoRoutes);
export const RevalidationPage = lazyPage(load.RevalidationPage);
export const OnboardingRegistrationsPage = lazyPage(load.OnboardingRegistrationsPage);
export const SupervisionReviewRoute = lazyPage(load.SupervisionReviewRoute);
export const SupervisionVerifyRoute = lazyPage(load.SupervisionVerifyRoute);
export const AttesterRoute = lazyPage(load.AttesterRoute);
export const AttestationVerifyRoute = lazyPage(load.AttestationVerifyRoute);
// Public account pages (issue 11).
export const RegisterPage = lazyPage(load.RegisterPage);
export const ConfirmEmailPage = lazyPage(load.ConfirmEmailPage);
export const OnboardingPage = lazyPage(load.OnboardingPage);
export const ConfirmEmailChangePage = lazyPage(load.ConfirmEmailChangePage);
export const OrganisationLoginPage = lazyPage(load.OrganisationLoginPage);
export const SsoLandingPage = lazyPage(load.SsoLandingPage);

/** A page's module; one may name the data it asks for first, to be fetched while it loads. */
type PageModule = { default: unknown; prefetch?: (qc: QueryClient) => unknown };

/** `GET shell/start` and the dashboard's default statistics (`GET statistics/12`), as `call` builds them. */
export const SHELL_START_PATH = "/shell/start";
export const DASHBOARD_STATISTICS_PATH = "/statistics/12";

/** The signed-in pages by the first segment of their path: the ones a reload or a link lands on. */
const PAGE_BY_SEGMENT: Record<string, () => Promise<PageModule>> = {
  "": load.DashboardHome,
  dashboard: load.DashboardHome,
  entries: load.EntriesPage,
  create: load.EntryFormRoute,
  edit: load.EntryFormRoute,
  files: load.MyFilesPage,
  "shared-cpd": load.SharedCpdPage,
  calendar: load.CalendarPage,
  webinars: load.MyWebinarsPage,
  "my-webinars": load.MyWebinarsPage,
  profile: load.ProfilePage,
  settings: load.SettingsPage,
  "account-management": load.AccountManagementPage,
  "email-history": load.EmailHistoryPage,
  "portfolio-builder": load.PortfolioRoutes,
  videos: load.VideoRoutes,
  revalidation: load.RevalidationPage,
  video: load.VideoRoutes,
};

/**
 * A page load with a session: fetch the signed-in shell's chunk and the page's own together, and
 * each one's first data as soon as its code is here. Left to React, each waited for the one before
 * to render: shell code, then the page's code, then the shell's calls, then the page's. These are
 * the `import()`s `lazy` uses and the queries the screens use (same keys, fresh for 30 s), so
 * nothing is fetched twice. The dashboard's charts come in the same wave.
 */
export function preloadSignedInPage(pathname: string) {
  const ignore = () => undefined;
  const segment = pathname.split("/")[1] ?? "";
  // The first calls start now, beside the chunks, not after them (ADR 0038): the shell's bundle,
  // and on the dashboard its default period's statistics (the path dashboard/queries.ts builds,
  // checked by lazy-pages.test.ts). The queries below take these answers instead of asking again.
  startEarlyCall(SHELL_START_PATH);
  if (PAGE_BY_SEGMENT[segment] === load.DashboardHome) startEarlyCall(DASHBOARD_STATISTICS_PATH);
  const shell = load.AppLayout();
  shell.then((m) => m.prefetchShell()).catch(ignore);
  PAGE_BY_SEGMENT[segment]?.()
    .then(async (page) => page.prefetch?.((await shell).queryClient))
    .catch(ignore);
  if (PAGE_BY_SEGMENT[segment] === load.DashboardHome)
    import("../features/dashboard/ChartCanvas").catch(ignore);
}

// Everything behind login is split into its own chunks so /login stays small.
import type { QueryClient } from "@tanstack/react-query";
import { lazy } from "react";

const load = {
  AppLayout: () => import("../features/shell/SignedInProviders"),
  DashboardHome: () => import("../features/dashboard/DashboardHome"),
  ProfilePage: () => import("../features/profile/ProfilePage"),
  SettingsPage: () => import("../features/settings/SettingsPage"),
  AccountManagementPage: () => import("../features/account/AccountManagementPage"),
  EmailHistoryPage: () => import("../features/account/EmailHistoryPage"),
  WelcomePage: () => import("../features/shell/WelcomePage"),
  ComingSoon: () => import("./ComingSoon"),
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
  SupervisionReviewRoute: () => import("../features/supervision/GuestReviewPage"),
  SupervisionVerifyRoute: () => import("../features/supervision/VerifyPage"),
  RegisterPage: () => import("../features/auth/RegisterPage"),
  ConfirmEmailPage: () => import("../features/auth/ConfirmEmailPage"),
  OnboardingPage: () => import("../features/auth/OnboardingPage"),
  ConfirmEmailChangePage: () => import("../features/auth/ConfirmEmailChangePage"),
  OrganisationLoginPage: () => import("../features/auth/OrganisationLoginPage"),
  SsoLandingPage: () => import("../features/auth/SsoLandingPage"),
};

export const AppLayout = lazy(load.AppLayout);
export const DashboardHome = lazy(load.DashboardHome);
export const ProfilePage = lazy(load.ProfilePage);
export const SettingsPage = lazy(load.SettingsPage);
export const AccountManagementPage = lazy(load.AccountManagementPage);
export const EmailHistoryPage = lazy(load.EmailHistoryPage);
export const WelcomePage = lazy(load.WelcomePage);
export const ComingSoon = lazy(load.ComingSoon);
export const QrLoginPage = lazy(load.QrLoginPage);
export const ForgotPasswordPage = lazy(load.ForgotPasswordPage);
export const ResetPasswordPage = lazy(load.ResetPasswordPage);
export const EntriesPage = lazy(load.EntriesPage);
export const EntryFormRoute = lazy(load.EntryFormRoute);
export const MyFilesPage = lazy(load.MyFilesPage);
export const SharedCpdPage = lazy(load.SharedCpdPage);
export const CalendarPage = lazy(load.CalendarPage);
export const MyWebinarsPage = lazy(load.MyWebinarsPage);
export const ManageEventsPage = lazy(load.ManageEventsPage);
export const PortfolioRoutes = lazy(load.PortfolioRoutes);
export const HcpcPortalRoute = lazy(load.HcpcPortalRoute);
export const VideoRoutes = lazy(load.VideoRoutes);
export const SupervisionReviewRoute = lazy(load.SupervisionReviewRoute);
export const SupervisionVerifyRoute = lazy(load.SupervisionVerifyRoute);
// Public account pages (issue 11).
export const RegisterPage = lazy(load.RegisterPage);
export const ConfirmEmailPage = lazy(load.ConfirmEmailPage);
export const OnboardingPage = lazy(load.OnboardingPage);
export const ConfirmEmailChangePage = lazy(load.ConfirmEmailChangePage);
export const OrganisationLoginPage = lazy(load.OrganisationLoginPage);
export const SsoLandingPage = lazy(load.SsoLandingPage);

/** A page's module; one may name the data it asks for first, to be fetched while it loads. */
type PageModule = { default: unknown; prefetch?: (qc: QueryClient) => unknown };

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
  const shell = load.AppLayout();
  shell.then((m) => m.prefetchShell()).catch(ignore);
  PAGE_BY_SEGMENT[segment]?.()
    .then(async (page) => page.prefetch?.((await shell).queryClient))
    .catch(ignore);
  if (PAGE_BY_SEGMENT[segment] === load.DashboardHome)
    import("../features/dashboard/ChartCanvas").catch(ignore);
}

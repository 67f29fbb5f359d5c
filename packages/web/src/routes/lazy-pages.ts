// Everything behind login is split into its own chunks so /login stays small.
import { lazy } from "react";

export const AppLayout = lazy(() => import("../features/shell/SignedInProviders"));
export const DashboardHome = lazy(() => import("../features/dashboard/DashboardHome"));
export const ProfilePage = lazy(() => import("../features/profile/ProfilePage"));
export const SettingsPage = lazy(() => import("../features/settings/SettingsPage"));
export const AccountManagementPage = lazy(() => import("../features/account/AccountManagementPage"));
export const EmailHistoryPage = lazy(() => import("../features/account/EmailHistoryPage"));
export const WelcomePage = lazy(() => import("../features/shell/WelcomePage"));
export const ComingSoon = lazy(() => import("./ComingSoon"));
export const QrLoginPage = lazy(() => import("../features/auth/QrLoginPage"));
export const ForgotPasswordPage = lazy(() => import("../features/auth/ForgotPasswordPage"));
export const ResetPasswordPage = lazy(() => import("../features/auth/ResetPasswordPage"));
export const EntriesPage = lazy(() => import("../features/entries/EntriesPage"));
export const EntryFormRoute = lazy(() => import("../features/forms/EntryFormPage"));
export const MyFilesPage = lazy(() => import("../features/files/MyFilesPage"));
export const SharedCpdPage = lazy(() => import("../features/shared-cpd/SharedCpdPage"));
export const CalendarPage = lazy(() => import("../features/calendar/CalendarPage"));
export const MyWebinarsPage = lazy(() => import("../features/webinars/MyWebinarsPage"));
export const ManageEventsPage = lazy(() => import("../features/manage-events/ManageEventsPage"));
export const PortfolioRoutes = lazy(() => import("../features/portfolio/PortfolioRoutes"));
export const HcpcPortalRoute = lazy(() => import("../features/hcpc-portal/HcpcPortalPage"));
export const VideoRoutes = lazy(() => import("../features/videos/VideoRoutes"));
export const SupervisionReviewRoute = lazy(() => import("../features/supervision/GuestReviewPage"));
export const SupervisionVerifyRoute = lazy(() => import("../features/supervision/VerifyPage"));
// Public account pages (issue 11).
export const RegisterPage = lazy(() => import("../features/auth/RegisterPage"));
export const ConfirmEmailPage = lazy(() => import("../features/auth/ConfirmEmailPage"));
export const OnboardingPage = lazy(() => import("../features/auth/OnboardingPage"));
export const ConfirmEmailChangePage = lazy(() => import("../features/auth/ConfirmEmailChangePage"));
export const OrganisationLoginPage = lazy(() => import("../features/auth/OrganisationLoginPage"));
export const SsoLandingPage = lazy(() => import("../features/auth/SsoLandingPage"));

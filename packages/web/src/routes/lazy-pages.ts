// Everything behind login is split into its own chunks so /login stays small.
import { lazy } from "react";

export const AppLayout = lazy(() => import("../features/shell/AppLayout"));
export const DashboardHome = lazy(() => import("../features/dashboard/DashboardHome"));
export const ProfilePage = lazy(() => import("../features/profile/ProfilePage"));
export const SettingsPage = lazy(() => import("../features/settings/SettingsPage"));
export const AccountManagementPage = lazy(() => import("../features/account/AccountManagementPage"));
export const ComingSoon = lazy(() => import("./ComingSoon"));
export const QrLoginPage = lazy(() => import("../features/auth/QrLoginPage"));
export const ForgotPasswordPage = lazy(() => import("../features/auth/ForgotPasswordPage"));
export const ResetPasswordPage = lazy(() => import("../features/auth/ResetPasswordPage"));

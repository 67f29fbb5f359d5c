import { ADMIN_SCREEN_ROLES, ROLES } from "@cpd/contract";
import { Navigate, Outlet } from "react-router-dom";
import { isAdmin, useSession } from "../lib/session";

/** Admin routes are blocked for everyone else. */
export function RequireAdmin() {
  const state = useSession();
  if (!state || !isAdmin(state.roles)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** The organisation area: organisation managers, and the administrators who look after organisations. */
export function RequireManager() {
  const state = useSession();
  const allowed: readonly string[] = [ROLES.organisationManager, ...ADMIN_SCREEN_ROLES.organisations];
  if (!state?.roles.some((r) => allowed.includes(r))) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

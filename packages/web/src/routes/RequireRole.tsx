import { Navigate, Outlet } from "react-router-dom";
import { isAdmin, useSession } from "../lib/session";

/** Admin routes are blocked for everyone else. */
export function RequireAdmin() {
  const state = useSession();
  if (!state || !isAdmin(state.roles)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

// The route guard: no session -> /login, keeping where the user wanted to go.
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { session, useSession } from "../lib/session";

export function RequireAuth() {
  const state = useSession();
  const location = useLocation();
  if (!state) {
    const intended = `${location.pathname}${location.search}${location.hash}`;
    const keep = session.lastEndReason() === "expired" && intended !== "/" && intended !== "/dashboard";
    return <Navigate to={keep ? `/login?redirect=${encodeURIComponent(intended)}` : "/login"} replace />;
  }
  return <Outlet />;
}

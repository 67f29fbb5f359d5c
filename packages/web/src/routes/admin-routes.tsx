// The administrator's pages (issue 12), under /admin. Each page is its own chunk.
import type { RouteObject } from "react-router-dom";
import { ComingSoon } from "./lazy-pages";

/** Children of the signed-in layout; the admin guard wraps them in router.tsx. */
export const ADMIN_ROUTES: RouteObject[] = [
  { path: "/admin/*", element: <ComingSoon title="Administration" /> },
];

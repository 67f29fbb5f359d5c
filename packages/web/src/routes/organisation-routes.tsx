// The organisation manager's pages (issue 12), under /organisation. Each page is its own chunk.
import type { RouteObject } from "react-router-dom";
import { ComingSoon } from "./lazy-pages";

/** Children of the signed-in layout; the manager guard wraps them in router.tsx. */
export const ORGANISATION_ROUTES: RouteObject[] = [
  { path: "/organisation/*", element: <ComingSoon title="Organisation Management" /> },
];

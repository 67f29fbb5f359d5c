import "@mantine/core/styles.css";
import "./global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { session } from "./lib/session";
import { preloadSignedInPage } from "./routes/lazy-pages";
import { router } from "./routes/router";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root");

// Only what every screen needs is here; the signed-in providers (query cache, modals, toasts)
// load with the app shell (features/shell/SignedInProviders.tsx), so /login stays small. Mantine's
// provider wraps every route but /login (routes/MantineRoot.tsx, ADR 0033): any other address
// fetches it now, beside the page's own chunk rather than after it.
if (window.location.pathname !== "/login") import("./routes/MantineRoot").catch(() => undefined);
if (session.get()) preloadSignedInPage(window.location.pathname);
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

import "@mantine/core/styles.css";
import "./global.css";
import { MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { session } from "./lib/session";
import { preloadSignedInPage } from "./routes/lazy-pages";
import { router } from "./routes/router";
import { theme } from "./theme";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root");

// Only what every screen needs is here; the signed-in providers (query cache, modals, toasts)
// load with the app shell (features/shell/SignedInProviders.tsx), so /login stays small.
if (session.get()) preloadSignedInPage(window.location.pathname);
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <RouterProvider router={router} />
    </MantineProvider>
  </StrictMode>,
);

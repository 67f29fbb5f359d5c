// Renders a screen the way main.tsx does (Mantine, a fresh query cache, modals, toasts) inside a
// memory router, so component tests exercise the same providers as the app (the same cache
// settings and error toasts too). Mantine's test
// environment turns off transitions and portals so dialogs render in place at once.
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router-dom";
import { createQueryClient } from "../lib/query-client";
import { theme } from "../theme";

export function renderApp(routes: RouteObject[], { at = "/" }: { at?: string } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  /** The current location's query string as an object, for checking what the URL holds. */
  const query = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
  return { ...view, router, queryClient, user, query };
}

/** A single component with the app's providers (no router needed). */
export function renderWithProviders(node: ReactNode) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  return { ...render(<Providers queryClient={queryClient}>{node}</Providers>), queryClient, user };
}

function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: "Confirm", cancel: "Cancel" }}>
          <Notifications />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

// What only the signed-in screens need: the server-state cache, confirm modals and toasts.
// Kept out of the login route's bundle (its JavaScript budget is 120 KB gzipped, ADR 0033).
import "@mantine/notifications/styles.css";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "../../lib/query-client";
import AppLayout from "./AppLayout";
import { prefetchShellQueries } from "./queries";

export { queryClient };
/** Asks for what the shell shows first, before it renders (routes/lazy-pages.ts). */
export const prefetchShell = () => prefetchShellQueries(queryClient);

export default function SignedInProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider labels={{ confirm: "Confirm", cancel: "Cancel" }}>
        <Notifications position="top-right" limit={5} />
        <AppLayout />
      </ModalsProvider>
    </QueryClientProvider>
  );
}

// The frame of the public pages a guest opens from an e-mailed link (a supervision review, an
// attestation) and of the hash checks (verification): they are outside the signed-in shell, so
// they bring the query cache and toasts themselves, as the HCPC portal does.
import "@mantine/notifications/styles.css";
import { Container, Stack, Title } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { queryClient } from "./query-client";
import { StatusAlert } from "./StatusAlert";

/** A public page as its route renders it: inside the query cache and toasts it brings itself. */
export function guestRoute(Page: ComponentType) {
  return function GuestRoute() {
    return (
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-right" limit={5} />
        <Page />
      </QueryClientProvider>
    );
  };
}

export function GuestShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="md" py="lg" component="main" id="main">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}

/** A link that cannot be used (invalid, expired, locked): says why, and what to do. */
export function LinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <GuestShell title={title}>
      <StatusAlert tone="error" title="This link cannot be used">
        {message}
      </StatusAlert>
    </GuestShell>
  );
}

// Every route's error boundary (ADR 0024): a page whose code fails to load (a new release replaced
// the chunk, the network dropped, or it took longer than LAZY_TIMEOUT_MS) or that throws while
// rendering shows this, with a Reload action, instead of the router's default screen.
import { Button, Card, Center, Stack, Text, Title } from "@mantine/core";
import { useRouteError } from "react-router-dom";
import { usePageTitle } from "../lib/use-page-title";

export function RouteError() {
  const error = useRouteError();
  usePageTitle("Something went wrong");
  if (error) console.error(error);
  return (
    <Center mih="60vh" p="md">
      <Card withBorder padding="lg" maw={520} w="100%">
        <Stack gap="sm">
          <Title order={1} fz="h2">
            Something went wrong
          </Title>
          <Text>This page could not be loaded. Check your connection, then reload the page.</Text>
          <Button onClick={() => window.location.reload()} style={{ alignSelf: "flex-start" }}>
            Reload
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}

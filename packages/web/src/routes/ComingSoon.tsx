import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { usePageTitle } from "../lib/use-page-title";

export default function ComingSoon({ title, notFound = false }: { title: string; notFound?: boolean }) {
  usePageTitle(title);
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{title}</Title>
      <Card withBorder padding="lg">
        <Text fw={600}>{notFound ? "We could not find that page" : "Coming soon"}</Text>
        <Text mt="xs">
          {notFound
            ? "The address may be mistyped, or the page may have moved."
            : "We are still building this part of your CPD dashboard. It will appear here in a future update."}
        </Text>
        <Anchor component={Link} to="/dashboard" mt="md">
          Back to the dashboard
        </Anchor>
      </Card>
    </Stack>
  );
}

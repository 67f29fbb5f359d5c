import { Anchor, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { usePageTitle } from "../../lib/use-page-title";
import { useProfile } from "../shell/queries";

// Placeholder home: the statistics, graphs and widgets arrive in a later issue.
export default function DashboardHome() {
  usePageTitle("Dashboard");
  const { data: profile } = useProfile();
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>Dashboard</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg">
          <Title order={2} fz="h4">
            Your statistics
          </Title>
          <Text mt="xs">
            Your statistics will appear here: hours logged, total entries, diary entries and reflections for
            the selected period.
          </Text>
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} fz="h4">
            Your profile
          </Title>
          <Text mt="xs">
            {profile?.jobTitle ? `${profile.jobTitle}. ` : ""}Keep your professional details up to date for
            your portfolio.
          </Text>
          <Anchor component={Link} to="/profile" mt="sm">
            Go to your profile
          </Anchor>
        </Card>
      </SimpleGrid>
      <Anchor component={Link} to="/settings" fz="sm">
        Customise your dashboard
      </Anchor>
    </Stack>
  );
}

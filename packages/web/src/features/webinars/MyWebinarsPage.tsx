import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { bareList } from "../../lib/bare-list";
import { now } from "../../lib/clock";
import { londonRange } from "../../lib/london-time";
import { Spinner } from "../../lib/Spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { useRegisteredWebinars } from "../calendar";
import { webinarBadge } from "./webinar-badge";

/** The user's registered, upcoming webinars (REQ-CAL-03). */
export default function MyWebinarsPage() {
  usePageTitle("My Webinars");
  const { data, isLoading, isError } = useRegisteredWebinars();
  const at = now();
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>My Webinars</Title>
      {isLoading && <Spinner label="Loading your webinars" />}
      {isError && <Text>Your webinars could not be loaded. Please refresh the page.</Text>}
      {data && data.length === 0 && (
        <Card withBorder padding="lg">
          <Text fw={600}>No Upcoming Webinars</Text>
          <Text mt="xs">
            Webinars you register for appear here. Find upcoming webinars on your{" "}
            <Anchor component={Link} to="/dashboard">
              dashboard
            </Anchor>{" "}
            or in the{" "}
            <Anchor component={Link} to="/calendar">
              calendar
            </Anchor>
            .
          </Text>
        </Card>
      )}
      {data && data.length > 0 && (
        <Stack gap="sm" {...bareList} aria-label="Registered webinars">
          {data.map((w) => {
            const badge = webinarBadge(w.startDate, at);
            return (
              <Card component="li" key={w.id} withBorder padding="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div>
                    <Title order={2} fz="h4">
                      {w.title}
                    </Title>
                    <Text mt={4}>{londonRange(w.startDate, w.endDate)}</Text>
                    {w.joinLink && (
                      <Anchor
                        href={w.joinLink}
                        target="_blank"
                        rel="noopener noreferrer"
                        mt={4}
                        display="inline-block"
                      >
                        Join the webinar
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </Anchor>
                    )}
                  </div>
                  <Badge
                    color={badge === "Today" ? "green" : "blue"}
                    variant="light"
                    size="lg"
                    tt="none"
                    styles={{ label: { color: badge === "Today" ? "#1e6b30" : "#1864ab" } }}
                  >
                    {badge}
                  </Badge>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { londonRange } from "../../../lib/london-time";
import { Spinner } from "../../../lib/Spinner";
import { useNearViewport } from "../../../lib/use-near-viewport";
import { useWebinars, WebinarRegisterButton } from "../../calendar";
import { ReadMore } from "../ReadMore";
import { WidgetCard } from "./WidgetCard";

/**
 * One webinar at a time with Previous and Next; the position is announced politely. Below the
 * fold: asks for the webinars when scrolled near (ADR 0038).
 */
export function UpcomingWebinars({ ready = true }: { ready?: boolean }) {
  const [ref, near] = useNearViewport<HTMLDivElement>(ready);
  const { data, isLoading, isError } = useWebinars(near);
  const [index, setIndex] = useState(0);
  const list = data ?? [];
  const i = list.length ? Math.min(index, list.length - 1) : 0;
  const w = list[i];
  return (
    <div ref={ref}>
      <WidgetCard title="Upcoming Webinars" more={{ to: "/my-webinars", label: "My Webinars" }}>
        {isLoading && <Spinner size="sm" label="Loading webinars" />}
        {isError && <Text c="dimmed">Webinars could not be loaded.</Text>}
        {data && list.length === 0 && (
          <Text>Sorry, there are no Webinars available at the moment. Please check back later!</Text>
        )}
        {w && (
          // A group, not a second landmark inside the widget's own "Upcoming Webinars" section.
          <Stack gap="xs" role="group" aria-roledescription="carousel" aria-label="Upcoming webinars">
            <div>
              <Text fw={700}>{w.title}</Text>
              <Text fz="sm" c="dimmed">
                {londonRange(w.startDate, w.endDate)}
              </Text>
              <ReadMore key={w.id} text={w.webinarDescription} />
              <Group mt="xs" gap="xs">
                <WebinarRegisterButton webinar={w} />
                {w.registered && (
                  <Badge color="green" variant="light" tt="none" styles={{ label: { color: "#1e6b30" } }}>
                    Registered
                  </Badge>
                )}
              </Group>
            </div>
            {list.length > 1 && (
              <Group justify="space-between" mt="xs">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setIndex(i === 0 ? list.length - 1 : i - 1)}
                  aria-label="Previous webinar"
                >
                  Previous
                </Button>
                <Text fz="sm" aria-live="polite">
                  {i + 1} of {list.length}
                </Text>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setIndex(i === list.length - 1 ? 0 : i + 1)}
                  aria-label="Next webinar"
                >
                  Next
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </WidgetCard>
    </div>
  );
}

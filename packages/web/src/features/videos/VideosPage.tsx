import { VIDEO_MESSAGES } from "@cpd/contract";
import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { GridList } from "../../lib/GridList";
import { Spinner } from "../../lib/Spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { openUpgradeModal } from "../shell";
import { useVideoLibraries } from "./queries";
import { videoCount } from "./video-model";

export function PremiumBadge() {
  return (
    <Badge
      color="yellow"
      variant="light"
      tt="none"
      style={{ flexShrink: 0 }}
      styles={{ label: { color: "#7a4a00" } }}
    >
      Premium
    </Badge>
  );
}

/** The CPD Hub: the video libraries (REQ-VIDEO-01). */
export default function VideosPage() {
  usePageTitle("CPD Hub");
  const { data, isLoading, isError } = useVideoLibraries();
  const libraries = data?.libraries ?? [];
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>CPD Hub</Title>
      {isLoading && <Spinner label="Loading the video libraries" />}
      {isError && <Text>The video libraries could not be loaded. Please refresh the page.</Text>}
      {data && libraries.length === 0 && <Text>{VIDEO_MESSAGES.noLibraries}</Text>}
      {libraries.length > 0 && (
        <GridList cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {libraries.map((l) => (
            <Card component="li" key={l.id} withBorder padding="lg">
              <Stack gap="sm" h="100%">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Title order={2} fz="h4">
                    {l.name}
                  </Title>
                  {l.premium && <PremiumBadge />}
                </Group>
                <Text style={{ flexGrow: 1 }}>{videoCount(l.videos.length)}</Text>
                {l.locked ? (
                  <Button
                    variant="outline"
                    onClick={() => openUpgradeModal(l.name)}
                    aria-label={`Unlock with Premium: ${l.name}`}
                  >
                    Unlock with Premium
                  </Button>
                ) : (
                  <Button
                    component={Link}
                    to={`/videos/library/${encodeURIComponent(l.id)}`}
                    aria-label={`Open library: ${l.name}`}
                  >
                    Open library
                  </Button>
                )}
              </Stack>
            </Card>
          ))}
        </GridList>
      )}
    </Stack>
  );
}

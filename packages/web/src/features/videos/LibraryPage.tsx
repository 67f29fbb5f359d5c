import { VIDEO_MESSAGES } from "@cpd/contract";
import { Anchor, Button, Card, Image, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { Link, useParams } from "react-router-dom";
import { GridList } from "../../lib/GridList";
import { Spinner } from "../../lib/Spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { openUpgradeModal } from "../shell";
import { useVideoLibraries } from "./queries";
import { PremiumBadge } from "./VideosPage";
import { findLibrary, formatDuration, type Library } from "./video-model";

export function BackToHub() {
  return (
    <Anchor component={Link} to="/videos">
      Back to the CPD Hub
    </Anchor>
  );
}

/** A locked premium library: the Upgrade modal opens, and the page says why. */
export function LockedLibrary({ library }: { library: Library }) {
  const opened = useRef(false);
  useEffect(() => {
    // Once per visit (React's development double effects would open it twice).
    if (opened.current) return;
    opened.current = true;
    openUpgradeModal(library.name);
  }, [library.name]);
  return (
    <Stack gap="sm" align="flex-start">
      <Text>{VIDEO_MESSAGES.premiumRequired}</Text>
      <Button onClick={() => openUpgradeModal(library.name)}>Upgrade</Button>
    </Stack>
  );
}

/** One video library (REQ-VIDEO-01: videos/library/{library}). */
export default function LibraryPage() {
  const { library: key = "" } = useParams();
  const { data, isLoading, isError } = useVideoLibraries();
  const library = data ? findLibrary(data.libraries, key) : undefined;
  usePageTitle(library?.name ?? "CPD Hub");

  if (isLoading) return <Spinner label="Loading the library" />;
  if (isError) return <Text>The library could not be loaded. Please refresh the page.</Text>;
  if (!library) {
    return (
      <Stack gap="md">
        <Title order={1}>Library not found</Title>
        <BackToHub />
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={1100}>
      <BackToHub />
      <Title order={1}>
        {library.name} {library.premium && <PremiumBadge />}
      </Title>
      {library.locked ? (
        <LockedLibrary library={library} />
      ) : library.videos.length === 0 ? (
        <Text>{VIDEO_MESSAGES.emptyLibrary}</Text>
      ) : (
        <GridList cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {library.videos.map((v) => (
            <Card component="li" key={v.videoId} withBorder padding="md">
              {v.thumbnail && (
                <Card.Section>
                  <Image src={v.thumbnail} alt="" h={160} fit="cover" />
                </Card.Section>
              )}
              <Stack gap={4} mt="sm">
                <Anchor
                  component={Link}
                  to={`/video/${encodeURIComponent(library.name)}/${encodeURIComponent(v.videoId)}`}
                  fw={700}
                >
                  {v.name}
                </Anchor>
                <Text fz="sm">
                  <span className="visually-hidden">Duration </span>
                  {formatDuration(v.duration)}
                </Text>
              </Stack>
            </Card>
          ))}
        </GridList>
      )}
    </Stack>
  );
}

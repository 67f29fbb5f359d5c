import { VIDEO_MESSAGES } from "@cpd/contract";
import { Button, Card, Checkbox, Stack, Text, Textarea, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useParams } from "react-router-dom";
import { notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { BackToHub, LockedLibrary } from "./LibraryPage";
import { useRequestCertificate, useVideoLibraries } from "./queries";
import { embedUrl, findLibrary, formatDuration, type Video } from "./video-model";

function CertificateForm({ video }: { video: Video }) {
  const [confirmed, setConfirmed] = useState(false);
  const [reflection, setReflection] = useState("");
  const request = useRequestCertificate(video.videoId);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!confirmed) return;
    request.mutate(reflection, {
      onSuccess: () =>
        notifySuccess(
          VIDEO_MESSAGES.certificateGenerated,
          "It has been e-mailed to you, and a copy is kept in your Entries.",
        ),
    });
  }
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="certificate-heading">
      <form onSubmit={submit}>
        <Stack gap="md">
          <Title order={2} fz="h3" id="certificate-heading">
            CPD certificate
          </Title>
          <Text>
            Get an attendance certificate for {video.hours} CPD {video.hours === 1 ? "hour" : "hours"}.
          </Text>
          <Checkbox
            label="I confirm I watched this video in full"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.currentTarget.checked)}
            required
          />
          <Textarea
            label="Reflection (optional)"
            description="What you took from the video, printed on the entry."
            value={reflection}
            onChange={(e) => setReflection(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={5000}
          />
          <Button type="submit" disabled={!confirmed} loading={request.isPending} w="fit-content">
            Get my certificate
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function Player({ video, onEnded }: { video: Video & { url: string }; onEnded: () => void }) {
  const embed = embedUrl(video.url);
  const frame = { width: "100%", aspectRatio: "16 / 9", border: 0, background: "#000" };
  if (embed) {
    return (
      <iframe
        src={embed}
        title={video.name}
        style={frame}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: the library's videos come without caption files
    <video src={video.url} controls style={frame} onEnded={onEnded} aria-label={video.name} />
  );
}

/** A video and, where the library offers one, the certificate form (REQ-VIDEO-02). */
export default function VideoPage() {
  const { libraryName = "", video: videoId = "" } = useParams();
  const { data, isLoading, isError } = useVideoLibraries();
  const [ended, setEnded] = useState(false);
  const library = data ? findLibrary(data.libraries, libraryName) : undefined;
  const video = library?.videos.find((v) => v.videoId === videoId);
  usePageTitle(video?.name ?? "CPD Hub");

  if (isLoading) return <Spinner label="Loading the video" />;
  if (isError) return <Text>The video could not be loaded. Please refresh the page.</Text>;
  if (!library || !video) {
    return (
      <Stack gap="md">
        <Title order={1}>Video not found</Title>
        <BackToHub />
      </Stack>
    );
  }
  if (library.locked || !video.url) {
    return (
      <Stack gap="md">
        <BackToHub />
        <Title order={1}>{video.name}</Title>
        <LockedLibrary library={library} />
      </Stack>
    );
  }
  const playable = { ...video, url: video.url };
  // The server's flag already leaves out top tips and guides (REQ-VIDEO-02); private ones use the end form.
  const certificate = library.certificate || library.private;
  // Private libraries show the form at the end of a video the page can follow (not an embedded one).
  const formNow = library.private ? ended || embedUrl(video.url) !== null : true;
  return (
    <Stack gap="lg" maw={960}>
      <BackToHub />
      <Title order={1}>{video.name}</Title>
      <Player video={playable} onEnded={() => setEnded(true)} />
      <Text fz="sm">
        {library.name} · {formatDuration(video.duration)}
      </Text>
      {video.description && <Text>{video.description}</Text>}
      {certificate && formNow && <CertificateForm video={video} />}
      {certificate && !formNow && <Text>The certificate form appears when the video ends.</Text>}
      {!certificate && <Text c="dimmed">{VIDEO_MESSAGES.noCertificate}</Text>}
    </Stack>
  );
}

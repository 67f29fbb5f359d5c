import { LIFECYCLE } from "@cpd/contract";
import { AspectRatio, Button, Card, Checkbox, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { Spinner } from "../../lib/Spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { useDashboardSettings, useSkipWelcomeVideo, useWelcomeVideo } from "./queries";

/** Whether the welcome video is shown: wanted, a video exists, and the screen is wide enough (REQ-SHELL-04). */
export function showWelcomeVideo(
  wanted: boolean,
  videoUrl: string | null | undefined,
  width: number,
): boolean {
  return wanted && Boolean(videoUrl) && width >= LIFECYCLE.welcomeVideoMinWidth;
}

/**
 * The welcome screen after login (route /welcome): the organisation's or the platform's video,
 * skipped straight to the dashboard on narrow screens, without a video, or when the user asked
 * not to see it again ("Skip in future" saves welcomeVideo false before going on).
 */
export default function WelcomePage() {
  usePageTitle("Welcome");
  const navigate = useNavigate();
  const [width] = useState(() => window.innerWidth);
  const settings = useDashboardSettings();
  const wanted = settings.data?.welcomeVideo === true;
  const video = useWelcomeVideo(wanted && width >= LIFECYCLE.welcomeVideoMinWidth);
  const [skipInFuture, setSkipInFuture] = useState(false);

  const save = useSkipWelcomeVideo(settings.data);

  async function goOn() {
    if (skipInFuture) await save.mutateAsync().catch(() => undefined);
    navigate("/dashboard", { replace: true });
  }

  const deciding = settings.isLoading || video.isLoading;
  if (deciding) return <Spinner label="Loading" />;
  const url = video.data?.videoUrl;
  if (!url || !showWelcomeVideo(wanted, url, width)) return <Navigate to="/dashboard" replace />;

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Welcome to your CPD dashboard</Title>
      <Card withBorder padding="md">
        <Stack gap="md">
          <Text>Watch this short video to get started.</Text>
          <AspectRatio ratio={16 / 9}>
            <iframe
              src={url}
              title="Welcome video"
              allow="fullscreen; picture-in-picture; encrypted-media"
              allowFullScreen
              style={{ border: 0 }}
            />
          </AspectRatio>
          <Group justify="space-between" wrap="wrap">
            <Checkbox
              label="Skip in future"
              checked={skipInFuture}
              onChange={(e) => setSkipInFuture(e.currentTarget.checked)}
            />
            <Button onClick={goOn} loading={save.isPending}>
              Continue to dashboard
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

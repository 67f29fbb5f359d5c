import { Anchor, Button, Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import { forwardRef, useEffect, useMemo, useState } from "react";
import { notifyError } from "../../lib/notify";
import { TOASTS } from "../../lib/toast-messages";
import { fileUrl } from "../../lib/upload";
import { isImage, spaced } from "./file-name";
import { ImageEditor } from "./ImageEditor";
import { isEditable } from "./image-edit";
import { nextRandom, isPlaying as playingFor, ROTATE_MS, shouldRotate } from "./preview-rotation";
import { type StoredFile, useRecentFiles } from "./queries";

interface Props {
  /** The file the user chose with Preview; the rotation stops while it shows. */
  chosen: StoredFile | null;
  /** Play pressed while a chosen file shows: go back to the rotating images. */
  onResume: () => void;
}

/**
 * The My Files preview panel (REQ-FILE-04): the chosen file, else a random image of the user's files
 * that changes every 5 seconds. Rotation pauses while the panel is hovered or focused, does not
 * start for users who prefer reduced motion, and has a Pause / Play button (WCAG 2.2.2).
 */
export const PreviewPanel = forwardRef<HTMLDivElement, Props>(function PreviewPanel(
  { chosen, onResume },
  ref,
) {
  const recent = useRecentFiles();
  const images = useMemo(
    () => (recent.data?.items ?? []).filter((f) => isImage(f.filename, f.contentType)),
    [recent.data],
  );
  const reducedMotion = useReducedMotion();
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [shownId, setShownId] = useState<string | null>(null);
  // The image editor is open on the chosen file; choosing another file closes it.
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = chosen !== null && editingId === chosen.id;

  const shown = images.find((f) => f.id === shownId) ?? null;
  // A first random image once the files arrive (or when the shown one was deleted).
  useEffect(() => {
    if (!shown && images.length > 0)
      setShownId(
        nextRandom(
          images.map((f) => f.id),
          null,
        ),
      );
  }, [shown, images]);

  const state = {
    userPlaying,
    reducedMotion,
    hovered,
    focused,
    chosen: chosen !== null,
    imageCount: images.length,
  };
  const rotate = shouldRotate(state);
  useEffect(() => {
    if (!rotate) return;
    const t = setInterval(() => {
      if (document.hidden) return;
      setShownId((cur) =>
        nextRandom(
          images.map((f) => f.id),
          cur,
        ),
      );
    }, ROTATE_MS);
    return () => clearInterval(t);
  }, [rotate, images]);

  const playing = playingFor(state) && chosen === null;
  const file = chosen ?? shown;

  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="preview-title"
      ref={ref}
      tabIndex={-1}
      style={{ scrollMarginTop: 80 }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <Group justify="space-between" align="center" mb="xs" gap="xs">
        <Title order={2} fz="h4" id="preview-title">
          Preview
        </Title>
        {images.length > 1 && (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => {
              if (playing) setUserPlaying(false);
              else {
                setUserPlaying(true);
                if (chosen) onResume();
              }
            }}
          >
            {playing ? "Pause" : "Play"}
            <span className="visually-hidden"> the rotating previews</span>
          </Button>
        )}
      </Group>
      {file ? (
        <Stack gap="xs">
          {!chosen && (
            <Text fz="xs" c="dimmed">
              {playing
                ? "A random image from your files, changing every 5 seconds."
                : "A random image from your files."}
            </Text>
          )}
          <Text fw={600} style={{ wordBreak: "break-word" }}>
            {spaced(file.filename)}
          </Text>
          {editing && chosen ? (
            <ImageEditor key={chosen.id} file={chosen} onClose={() => setEditingId(null)} />
          ) : isImage(file.filename, file.contentType) ? (
            <Image
              src={fileUrl(file.id)}
              alt={spaced(file.filename)}
              fit="contain"
              h={280}
              mah={360}
              // The chosen file would not load (gone from storage, or the session ended).
              onError={chosen ? () => notifyError(TOASTS.previewFailed) : undefined}
            />
          ) : (
            <Text fz="sm">This file type opens in a new tab.</Text>
          )}
          <Group gap="md">
            <Anchor href={fileUrl(file.id)} target="_blank" rel="noopener" fz="sm">
              Open in a new tab<span className="visually-hidden"> ({spaced(file.filename)})</span>
            </Anchor>
            {chosen && !editing && isEditable(chosen.contentType) && (
              <Button size="compact-sm" variant="light" onClick={() => setEditingId(chosen.id)}>
                Edit image<span className="visually-hidden"> ({spaced(chosen.filename)})</span>
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Text fz="sm">Choose Preview on a file to see it here.</Text>
      )}
    </Card>
  );
});

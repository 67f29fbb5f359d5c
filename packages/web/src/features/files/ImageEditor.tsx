import { Button, Group, NumberInput, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { notifyError, notifySuccess } from "../../lib/notify";
import { fileUrl, type UploadedFile } from "../../lib/upload";
import {
  type Crop,
  cropMax,
  drawEdited,
  type Edit,
  editedSize,
  NO_CROP,
  rotate,
  SAVE_FAILED,
  versionName,
} from "./image-edit";
import { type StoredFile, useDeleteFile, useKeepImageVersion, useSaveImageVersion } from "./queries";

const SIDES: { side: keyof Crop; label: string }[] = [
  { side: "left", label: "Crop left (%)" },
  { side: "right", label: "Crop right (%)" },
  { side: "top", label: "Crop top (%)" },
  { side: "bottom", label: "Crop bottom (%)" },
];
const START: Edit = { quarters: 0, crop: NO_CROP };

/**
 * The image editor of My Files' preview (docs/decisions/0025-governing-body-pages.md): rotate by
 * quarter turns and crop, drawn on a canvas in the browser, saved as a new file beside the
 * original; the user then keeps the edited version (it replaces the original's content) or the
 * original (the version is deleted).
 */
export function ImageEditor({ file, onClose }: { file: StoredFile; onClose: () => void }) {
  const imgRef = useRef<HTMLImageElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [edit, setEdit] = useState<Edit>(START);
  const [version, setVersion] = useState<UploadedFile | null>(null);

  const save = useSaveImageVersion({ onSuccess: (v) => setVersion(v) });
  const keep = useKeepImageVersion({
    onSuccess: () => {
      notifySuccess("The edited version replaced the original");
      onClose();
    },
  });
  const discard = useDeleteFile({
    onSuccess: () => {
      notifySuccess("The original is kept; the edited version was deleted");
      onClose();
    },
  });

  useEffect(() => {
    const img = imgRef.current;
    const canvas = canvasRef.current;
    if (natural && img && canvas) drawEdited(canvas, img, natural.width, natural.height, edit);
  }, [natural, edit]);

  const size = natural ? editedSize(natural.width, natural.height, edit) : null;
  const setCrop = (side: keyof Crop, value: number) =>
    setEdit((e) => ({
      ...e,
      crop: { ...e.crop, [side]: Math.max(0, Math.min(value, cropMax(e.crop, side))) },
    }));

  const onSave = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    canvas.toBlob(
      (blob) => {
        if (blob) save.mutate({ blob, filename: versionName(file.filename) });
        else notifyError(SAVE_FAILED);
      },
      file.contentType,
      0.92,
    );
  };

  return (
    <Stack gap="sm" aria-labelledby="image-editor-title" component="section">
      <Title order={3} fz="h5" id="image-editor-title">
        Edit image
      </Title>
      {/* The source, loaded once; the canvas shows the result. */}
      <img
        ref={imgRef}
        src={fileUrl(file.id)}
        alt=""
        hidden
        onLoad={(e) =>
          setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
        }
        onError={() => notifyError("The image could not be loaded for editing")}
      />
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={size ? `Edited image, ${size.width} by ${size.height} pixels` : "Loading the image"}
        style={{
          maxWidth: "100%",
          maxHeight: 280,
          alignSelf: "center",
          background: "var(--mantine-color-gray-1)",
        }}
      />
      <Text fz="sm" aria-live="polite">
        {size ? `Result: ${size.width} × ${size.height} pixels` : "Loading the image…"}
      </Text>
      {version ? (
        <Stack gap="xs">
          <Text fz="sm">
            Saved as “{version.filename}”. Both files are kept until you choose which to keep.
          </Text>
          <Group gap="xs">
            <Button
              size="compact-sm"
              loading={keep.isPending}
              onClick={() => keep.mutate({ id: file.id, versionId: version.id })}
            >
              Keep the edited version
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              loading={discard.isPending}
              onClick={() => discard.mutate(version.id)}
            >
              Keep the original
            </Button>
          </Group>
        </Stack>
      ) : (
        <>
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="default"
              disabled={!natural}
              onClick={() => setEdit((e) => ({ ...e, quarters: rotate(e.quarters, -1) }))}
            >
              Rotate left 90°
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              disabled={!natural}
              onClick={() => setEdit((e) => ({ ...e, quarters: rotate(e.quarters, 1) }))}
            >
              Rotate right 90°
            </Button>
            <Button size="compact-sm" variant="subtle" disabled={!natural} onClick={() => setEdit(START)}>
              Reset
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {SIDES.map(({ side, label }) => (
              <NumberInput
                key={side}
                size="xs"
                label={label}
                min={0}
                max={cropMax(edit.crop, side)}
                step={5}
                clampBehavior="strict"
                allowDecimal={false}
                disabled={!natural}
                value={edit.crop[side]}
                onChange={(v) => setCrop(side, typeof v === "number" ? v : Number(v) || 0)}
              />
            ))}
          </SimpleGrid>
          <Group gap="xs">
            <Button size="compact-sm" disabled={!natural} loading={save.isPending} onClick={onSave}>
              Save as a new version
            </Button>
            <Button size="compact-sm" variant="default" onClick={onClose}>
              Close the editor
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

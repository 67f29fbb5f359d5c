// One of an organisation's logos on the admin form (ADR 0021): the logo as the page shows it, a
// file picker that uploads it at once (PNG, JPEG or SVG, at most 1 MB), and removal on save.
import { LOGO_UPLOAD_TYPES, type LogoKind } from "@cpd/contract";
import { Button, FileInput, Group, Image, Input, Stack, Text } from "@mantine/core";

export function LogoField({
  kind,
  label,
  value,
  canUpload,
  uploading,
  onUpload,
  onRemove,
}: {
  kind: LogoKind;
  label: string;
  /** The logo as read: our own address, a foreign one (not shown), or "" for none. */
  value: string;
  canUpload: boolean;
  uploading: boolean;
  onUpload: (kind: LogoKind, file: File) => void;
  onRemove: () => void;
}) {
  const ours = value.startsWith("/api/");
  return (
    <Input.Wrapper label={label} component="div">
      <Stack gap={6}>
        {ours ? (
          <Group gap="sm" wrap="wrap">
            <Image
              src={value}
              alt={`${label} preview`}
              h={48}
              w="auto"
              maw={240}
              fit="contain"
              bg="gray.0"
              p={4}
              radius="sm"
            />
            <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove}>
              Remove
            </Button>
          </Group>
        ) : value ? (
          <Group gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed" style={{ wordBreak: "break-all" }}>
              At another address (not shown): {value.slice(0, 80)}
            </Text>
            <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove}>
              Remove
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No logo
          </Text>
        )}
        {canUpload ? (
          <FileInput
            aria-label={`Upload the ${label.toLowerCase()}`}
            placeholder={uploading ? "Uploading…" : "Choose a PNG, JPEG or SVG file (at most 1 MB)"}
            accept={LOGO_UPLOAD_TYPES.join(",")}
            disabled={uploading}
            value={null}
            onChange={(file) => file && onUpload(kind, file)}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Create the organisation first, then upload its logo.
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

import { MAX_FILE_BYTES, MESSAGES, PROFILE_IMAGE_TYPES } from "@cpd/contract";
import { Avatar, Button, FileButton, Stack, Text } from "@mantine/core";
import { ApiError } from "../../lib/api-error";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { useProfile } from "../shell";
import { profileImageUrl } from "./image-url";
import { useUploadProfileImage } from "./queries";

/** REQ-PROFILE-03: at most 10 MB, JPEG or PNG. Returns the message to show, or null. */
export function checkImage(file: { size: number; type: string }): string | null {
  if (file.size > MAX_FILE_BYTES) return MESSAGES.imageTooLarge;
  if (!PROFILE_IMAGE_TYPES.includes(file.type)) return MESSAGES.imageType;
  return null;
}

export function ProfileImage({ canEdit }: { canEdit: boolean }) {
  const state = useSession();
  const { data: profile, dataUpdatedAt } = useProfile();
  const upload = useUploadProfileImage({ onSuccess: () => notifySuccess("Picture uploaded") });

  function pick(file: File | null) {
    if (!file) return;
    const problem = checkImage(file);
    if (problem) return notifyError("Failed to upload picture", new ApiError(problem, { status: 400 }));
    upload.mutate(file);
  }

  const name = profile ? `${profile.firstName} ${profile.lastName}` : "";
  return (
    <Stack align="center" gap="xs">
      <Avatar
        size={120}
        radius={120}
        color="blue"
        src={profile?.hasImage && state ? profileImageUrl(state.token, dataUpdatedAt) : null}
        alt={profile?.hasImage ? `Profile picture of ${name}` : ""}
      >
        {name.slice(0, 1)}
      </Avatar>
      {canEdit && (
        <FileButton onChange={pick} accept="image/jpeg,image/png">
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={upload.isPending}>
              Upload picture
            </Button>
          )}
        </FileButton>
      )}
      <Text fz="xs" c="dimmed">
        JPEG or PNG, up to 10MB
      </Text>
    </Stack>
  );
}

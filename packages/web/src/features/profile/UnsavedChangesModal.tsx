import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";

interface Props {
  opened: boolean;
  saving: boolean;
  onLeave: () => void;
  onKeepEditing: () => void;
  onSaveAndExit: () => void;
}

/** Leave without Saving asks a second time; Keep Editing stays; Save and Exit saves, then leaves. */
export function UnsavedChangesModal({ opened, saving, onLeave, onKeepEditing, onSaveAndExit }: Props) {
  const [confirming, setConfirming] = useState(false);
  const keep = () => {
    setConfirming(false);
    onKeepEditing();
  };
  return (
    <Modal
      opened={opened}
      onClose={keep}
      title={confirming ? "Discard your changes?" : "Unsaved changes"}
      centered
    >
      {confirming ? (
        <Stack>
          <Text>Your changes will be lost. Are you sure you want to leave without saving?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Go back
            </Button>
            <Button
              color="red.8"
              onClick={() => {
                setConfirming(false);
                onLeave();
              }}
            >
              Yes, leave without saving
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text>You have changes that have not been saved.</Text>
          <Group justify="flex-end">
            <Button variant="outline" color="red.8" onClick={() => setConfirming(true)}>
              Leave without Saving
            </Button>
            <Button variant="default" onClick={keep} data-autofocus>
              Keep Editing
            </Button>
            <Button onClick={onSaveAndExit} loading={saving}>
              Save and Exit
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

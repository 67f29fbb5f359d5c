import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { evidenceName, renamed } from "./file-name";

/**
 * Renames a file: the name is edited without its extension ('+' shown as a space)
 * and the original extension is kept (REQ-FILE-03). Used by My Files and evidence.
 */
export function RenameFileModal(props: {
  title: string;
  file: { id: string; filename: string } | null;
  pending: boolean;
  onCancel: () => void;
  onRename: (id: string, newFilename: string) => void;
}) {
  const { file } = props;
  const [input, setInput] = useState("");
  useEffect(() => setInput(file ? evidenceName(file.filename) : ""), [file]);
  return (
    <Modal opened={file !== null} onClose={props.onCancel} title={props.title}>
      {file && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            props.onRename(file.id, renamed(file.filename, input));
          }}
        >
          <Stack>
            <TextInput
              label="New name"
              data-autofocus
              value={input}
              maxLength={240}
              description="The file keeps its extension."
              onChange={(e) => setInput(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onCancel}>
                Cancel
              </Button>
              <Button type="submit" loading={props.pending} disabled={!input.trim()}>
                Rename
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

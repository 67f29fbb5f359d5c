import {
  Anchor,
  Button,
  FileInput,
  Group,
  Image,
  Input,
  Modal,
  Progress,
  Select,
  Stack,
  Text,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { createPortal } from "react-dom";
import { bareList } from "../../lib/bare-list";
import { fileChanged } from "../../lib/invalidate";
import { notifyError, notifySuccess } from "../../lib/notify";
import { FILE_TOO_LARGE, fileUrl, isTooLarge, type UploadedFile, uploadFile } from "../../lib/upload";
import {
  evidenceName,
  isImage,
  RenameFileModal,
  truncateName,
  useRenameFile,
  useUnassignedFiles,
} from "../files";
import { useDetachEvidence } from "./queries";

interface Props {
  id: string;
  label: string;
  description?: React.ReactNode;
  entryId: string | null;
  value: string[];
  /** The entry's evidence files as loaded with the form (`files` of `GET form/entry/{id}`): their names. */
  attached?: readonly AttachedFile[];
  disabled?: boolean;
  /** persisted: the server already holds the change (an upload or a removal of a saved entry). */
  onAdd: (fileId: string, persisted: boolean) => void;
  onRemove: (fileId: string, persisted: boolean) => void;
  /** A missing required file: shown under the upload control, which carries the field's id. */
  error?: string;
}

interface Known {
  filename: string;
  contentType: string;
}

export interface AttachedFile extends Known {
  id: string;
}

/** Evidence files of an entry (item type 8): upload, attach an unassigned file, rename, remove. */
export function EvidenceField({
  id,
  label,
  description,
  entryId,
  value,
  attached,
  disabled,
  onAdd,
  onRemove,
  error,
}: Props) {
  const qc = useQueryClient();
  const unassigned = useUnassignedFiles(!disabled);
  const [known, setKnown] = useState<Record<string, Known>>({});
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState("");
  const [existing, setExisting] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; filename: string } | null>(null);
  const [viewing, setViewing] = useState<{ id: string; name: string } | null>(null);

  const info = (fid: string): Known | null => {
    // Files added or renamed here first, then the names the form came with.
    const f = known[fid] ?? attached?.find((a) => a.id === fid);
    return f ? { filename: f.filename, contentType: f.contentType } : null;
  };

  async function upload() {
    if (!file) return;
    if (isTooLarge(file)) {
      setFileError(FILE_TOO_LARGE);
      return;
    }
    setProgress(0);
    try {
      const saved: UploadedFile = await uploadFile(file, {
        entryId: entryId ?? undefined,
        onProgress: setProgress,
      });
      setKnown((k) => ({ ...k, [saved.id]: { filename: saved.filename, contentType: saved.contentType } }));
      onAdd(saved.id, Boolean(entryId));
      setFile(null);
      void fileChanged(qc, { entries: Boolean(entryId) });
    } catch (e) {
      notifyError("Failed to upload file", e);
    } finally {
      setProgress(null);
    }
  }

  const rename = useRenameFile({
    onSuccess: (saved) => {
      setKnown((k) => ({ ...k, [saved.id]: { filename: saved.filename, contentType: saved.contentType } }));
      notifySuccess("Evidence Renamed");
      setRenaming(null);
    },
  });

  const detach = useDetachEvidence(entryId, (fid) => onRemove(fid, Boolean(entryId)));

  const choices = (unassigned.data ?? []).filter((f) => !value.includes(f.id));
  const descId = description ? `${id}-description` : undefined;

  return (
    <Input.Wrapper
      label={label}
      description={description}
      id={`${id}-wrapper`}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      descriptionProps={{ id: descId }}
    >
      <Stack gap="sm" mt={6} role="group" aria-labelledby={`${id}-label`} aria-describedby={descId}>
        {value.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No evidence attached yet.
          </Text>
        ) : (
          <Stack gap={6} {...bareList} aria-label="Attached evidence">
            {value.map((fid) => {
              const f = info(fid);
              const full = f ? evidenceName(f.filename) : "Evidence file";
              const shown = truncateName(full);
              return (
                <li key={fid}>
                  <Group gap="xs" wrap="wrap" justify="space-between" className="evidence-row">
                    <Text
                      fz="sm"
                      fw={600}
                      title={full !== shown ? full : undefined}
                      style={{ wordBreak: "break-word" }}
                    >
                      {shown}
                    </Text>
                    <Group gap={4}>
                      {f && isImage(f.filename, f.contentType) ? (
                        <Button
                          size="compact-sm"
                          variant="default"
                          onClick={() => setViewing({ id: fid, name: full })}
                        >
                          View<span className="visually-hidden"> {full}</span>
                        </Button>
                      ) : (
                        <Button
                          size="compact-sm"
                          variant="default"
                          component="a"
                          href={fileUrl(fid)}
                          target="_blank"
                          rel="noopener"
                        >
                          Open<span className="visually-hidden"> {full} (opens in a new tab)</span>
                        </Button>
                      )}
                      {!disabled && f && (
                        <Button
                          size="compact-sm"
                          variant="default"
                          onClick={() => setRenaming({ id: fid, filename: f.filename })}
                        >
                          Rename<span className="visually-hidden"> {full}</span>
                        </Button>
                      )}
                      {!disabled && (
                        <Button
                          size="compact-sm"
                          variant="outline"
                          color="#a51d1d"
                          loading={detach.isPending && detach.variables === fid}
                          onClick={() => detach.mutate(fid)}
                        >
                          Remove<span className="visually-hidden"> {full}</span>
                        </Button>
                      )}
                    </Group>
                  </Group>
                </li>
              );
            })}
          </Stack>
        )}

        {!disabled && (
          <>
            <Group align="flex-end" gap="xs" wrap="wrap">
              <FileInput
                id={id}
                clearButtonProps={{ "aria-label": "Clear the chosen file" }}
                label="Upload a file"
                placeholder="Choose a file"
                value={file}
                onChange={(f) => {
                  setFile(f);
                  setFileError(f && isTooLarge(f) ? FILE_TOO_LARGE : "");
                }}
                error={fileError || error || undefined}
                clearable
                style={{ flex: "1 1 220px" }}
                disabled={progress !== null}
              />
              <Button onClick={upload} disabled={!file || progress !== null || Boolean(fileError)}>
                {progress !== null ? "Please wait..." : "Upload"}
              </Button>
            </Group>
            {progress !== null && (
              <Progress value={progress} aria-label="Upload progress" size="lg" striped animated={false} />
            )}
            {choices.length > 0 && (
              <Group align="flex-end" gap="xs" wrap="wrap">
                <Select
                  label="Attach a file from My Files"
                  placeholder="Choose a file"
                  data={choices.map((f) => ({ value: f.id, label: evidenceName(f.filename) }))}
                  value={existing}
                  onChange={setExisting}
                  searchable
                  style={{ flex: "1 1 220px" }}
                />
                <Button
                  variant="default"
                  disabled={!existing}
                  onClick={() => {
                    if (!existing) return;
                    const f = choices.find((c) => c.id === existing);
                    if (f) setKnown((k) => ({ ...k, [f.id]: { filename: f.filename, contentType: "" } }));
                    onAdd(existing, false);
                    setExisting(null);
                  }}
                >
                  Attach
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>

      {/* The rename dialog has a form of its own and this field sits in the entry's form: rendered
          in the body, the forms never nest (Mantine renders dialogs in place in tests). */}
      {createPortal(
        <>
          <RenameFileModal
            title="Rename evidence"
            file={renaming}
            pending={rename.isPending}
            onCancel={() => setRenaming(null)}
            onRename={(id, newFilename) => rename.mutate({ id, newFilename })}
          />
          <Modal
            opened={viewing !== null}
            onClose={() => setViewing(null)}
            title={viewing?.name ?? ""}
            size="lg"
          >
            {viewing && (
              <Stack>
                <Image src={fileUrl(viewing.id)} alt={viewing.name} fit="contain" mah="70vh" />
                <Anchor href={fileUrl(viewing.id)} target="_blank" rel="noopener">
                  Open in a new tab
                </Anchor>
              </Stack>
            )}
          </Modal>
        </>,
        document.body,
      )}
    </Input.Wrapper>
  );
}

import { ENTRY_TYPE_LABELS as TYPE_LABELS, ukDate } from "@cpd/contract";
import {
  Badge,
  Button,
  FileInput,
  Grid,
  Group,
  Image,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedCallback, useMediaQuery, useReducedMotion } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Link } from "react-router-dom";
import { fileChanged } from "../../lib/invalidate";
import { notifyError, notifySuccess } from "../../lib/notify";
import { ItemCard, PagedTable } from "../../lib/PagedTable";
import { useIsUserBasic } from "../../lib/permissions";
import { SectionCard } from "../../lib/SectionCard";
import { SortHeader } from "../../lib/SortHeader";
import { FILE_TOO_LARGE, fileUrl, isTooLarge, uploadFile } from "../../lib/upload";
import { usePageTitle } from "../../lib/use-page-title";
import { FILES_TOUR, GuidedTour } from "../dashboard";
import { FileFindings } from "./FileFindings";
import { isImage, spaced } from "./file-name";
import { PreviewPanel } from "./PreviewPanel";
import {
  FILES_PAGE_SIZE,
  type FileListState,
  type StoredFile,
  useDeleteFile,
  useFiles,
  useRenameFile,
} from "./queries";
import { RenameFileModal } from "./RenameFileModal";

function UploadPanel() {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return;
    if (isTooLarge(file)) {
      setError(FILE_TOO_LARGE);
      return;
    }
    setProgress(0);
    try {
      await uploadFile(file, { onProgress: setProgress });
      notifySuccess("File Uploaded");
      setFile(null);
      void fileChanged(qc, { entries: false });
    } catch (err) {
      notifyError("Failed to upload file", err);
    } finally {
      setProgress(null);
    }
  }

  return (
    <SectionCard title="Upload a file">
      <Text fz="sm" mb="sm">
        Please do not upload anything that identifies a patient, a service user or a colleague (names, dates
        of birth, NHS or hospital numbers, addresses or photographs). Remove or cover such details first.
      </Text>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <FileInput
            clearButtonProps={{ "aria-label": "Clear the chosen file" }}
            label="File"
            placeholder="Choose a file"
            value={file}
            clearable
            disabled={uploading}
            error={error || undefined}
            description="Up to 10MB"
            onChange={(f) => {
              setFile(f);
              setError(f && isTooLarge(f) ? FILE_TOO_LARGE : "");
            }}
          />
          {uploading && (
            <Progress value={progress ?? 0} size="lg" aria-label={`Upload progress ${progress ?? 0}%`} />
          )}
          <Button type="submit" disabled={!file || uploading || Boolean(error)}>
            {uploading ? "Please wait..." : "Upload"}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

export default function MyFilesPage() {
  usePageTitle("My Files");
  const canDelete = useIsUserBasic();
  const narrow = useMediaQuery("(max-width: 64em)");
  const reducedMotion = useReducedMotion();
  const [state, setState] = useState<FileListState>({ filter: "", sortBy: "date", sortDesc: true, page: 1 });
  const [search, setSearch] = useState("");
  const files = useFiles(state);
  const [previewing, setPreviewing] = useState<StoredFile | null>(null);
  const [renaming, setRenaming] = useState<StoredFile | null>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const debounced = useDebouncedCallback((v: string) => setState((s) => ({ ...s, filter: v, page: 1 })), 400);

  const rename = useRenameFile({
    onSuccess: () => {
      notifySuccess("File Renamed");
      setRenaming(null);
    },
  });
  const remove = useDeleteFile({
    onSuccess: (_r, id) => {
      notifySuccess("Deleted Successfully");
      if (previewing?.id === id) setPreviewing(null);
    },
  });

  function preview(f: StoredFile) {
    if (narrow) {
      // Narrow screens (1024px or less): the panel below the list shows the file instead.
      setPreviewing(f);
      setTimeout(() => {
        const panel = previewRef.current;
        panel?.focus({ preventScroll: true });
        panel?.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "start" });
      }, 50);
      return;
    }
    if (!isImage(f.filename, f.contentType)) {
      // Other types open in a new tab; the panel keeps a link in case a pop-up blocker stops it.
      window.open(fileUrl(f.id), "_blank", "noopener");
      setPreviewing(f);
      return;
    }
    setPreviewing(f);
  }

  function confirmDelete(f: StoredFile) {
    modals.openConfirmModal({
      title: "Delete file",
      children: (
        <Stack gap="xs">
          <Text>Are you sure you want to delete “{spaced(f.filename)}”? This cannot be undone.</Text>
          {f.entryId && (
            <Text fw={700}>
              This file is attached to the {f.entryType ?? "entry"} entry “{f.entryTitle ?? ""}” and will also
              be removed from it.
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "#a51d1d" },
      onConfirm: () => remove.mutate(f.id),
    });
  }

  const sort = (s: FileListState["sortBy"]) =>
    setState((cur) => ({
      ...cur,
      sortBy: s,
      sortDesc: cur.sortBy === s ? !cur.sortDesc : s === "date",
      page: 1,
    }));

  // Shared by the table's rows and the phone's cards.
  const thumbnail = (f: StoredFile) =>
    isImage(f.filename, f.contentType) ? (
      <Image src={fileUrl(f.id)} alt="" w={48} h={48} fit="cover" radius="sm" />
    ) : (
      <FileIcon />
    );

  const attachedTo = (f: StoredFile) =>
    f.entryId && f.entryType ? (
      <Badge
        component={Link}
        to={`/edit/${f.entryType}/${f.entryId}`}
        color="#1e6b30"
        variant="filled"
        tt="none"
        maw="100%"
        style={{ cursor: "pointer" }}
        aria-label={`${TYPE_LABELS[f.entryType]}: ${f.entryTitle ?? ""} (edit the entry)`}
      >
        {TYPE_LABELS[f.entryType]}
      </Badge>
    ) : (
      <Badge color="#a51d1d" variant="filled" tt="none">
        None
      </Badge>
    );

  const actions = (f: StoredFile) => {
    const shown = spaced(f.filename);
    return (
      <>
        <Button size="compact-sm" variant="default" onClick={() => setRenaming(f)}>
          Rename<VisuallyHidden> {shown}</VisuallyHidden>
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => preview(f)}>
          Preview<VisuallyHidden> {shown}</VisuallyHidden>
        </Button>
        {canDelete && (
          <Button size="compact-sm" variant="outline" color="#a51d1d" onClick={() => confirmDelete(f)}>
            Delete<VisuallyHidden> {shown}</VisuallyHidden>
          </Button>
        )}
      </>
    );
  };

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>My Files</Title>
        {/* The tour, like Delete, is for the User-Basic role only. */}
        {canDelete && <GuidedTour steps={FILES_TOUR} />}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md" data-tour="files-list">
            <TextInput
              label="Search by filename"
              type="search"
              value={search}
              maw={420}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                debounced(e.currentTarget.value);
              }}
            />
            <PagedTable
              list={files}
              pageSize={FILES_PAGE_SIZE}
              page={state.page}
              onPage={(page) => setState((s) => ({ ...s, page }))}
              noun={["file", "files"]}
              empty="No files uploaded"
              minWidth={640}
              head={
                <>
                  <Table.Th>
                    <VisuallyHidden>Thumbnail</VisuallyHidden>
                  </Table.Th>
                  <SortHeader label="Filename" sort="filename" state={state} onSort={sort} />
                  <SortHeader label="Date Uploaded" sort="date" state={state} onSort={sort} />
                  <Table.Th>Attached To</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </>
              }
              row={(f) => (
                <Table.Tr key={f.id}>
                  <Table.Td w={64}>{thumbnail(f)}</Table.Td>
                  <Table.Td style={{ wordBreak: "break-word" }}>
                    {spaced(f.filename)}
                    <FileFindings file={f} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{ukDate(f.dateUploaded)}</Table.Td>
                  <Table.Td>{attachedTo(f)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {actions(f)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )}
              card={(f) => (
                <ItemCard key={f.id}>
                  <Group align="flex-start" wrap="nowrap" gap="sm">
                    {thumbnail(f)}
                    <Stack gap={4} miw={0}>
                      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                        {spaced(f.filename)}
                      </Text>
                      <FileFindings file={f} />
                      <Text fz="sm">Uploaded {ukDate(f.dateUploaded)}</Text>
                      <Group gap={6}>
                        <Text fz="sm">Attached to</Text>
                        {attachedTo(f)}
                      </Group>
                    </Stack>
                  </Group>
                  <Group gap="xs" mt="sm">
                    {actions(f)}
                  </Group>
                </ItemCard>
              )}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <div data-tour="files-upload">
              <UploadPanel />
            </div>
            <div data-tour="files-preview">
              <PreviewPanel ref={previewRef} chosen={previewing} onResume={() => setPreviewing(null)} />
            </div>
          </Stack>
        </Grid.Col>
      </Grid>

      <RenameFileModal
        title="Rename file"
        file={renaming}
        pending={rename.isPending}
        onCancel={() => setRenaming(null)}
        onRename={(id, newFilename) => rename.mutate({ id, newFilename })}
      />
    </Stack>
  );
}

function FileIcon() {
  return (
    <svg width="32" height="40" viewBox="0 0 32 40" aria-hidden="true" focusable="false">
      <path d="M2 2h20l8 8v28H2z" fill="#e9ecef" stroke="#495057" strokeWidth="2" />
      <path d="M22 2v8h8" fill="none" stroke="#495057" strokeWidth="2" />
    </svg>
  );
}

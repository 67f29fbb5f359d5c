import {
  type ALL_DOCUMENT_TYPES,
  api,
  DOCUMENT_MESSAGES,
  DOCUMENT_NAME_MAX_LENGTH,
  type ResponseOf,
  ukDate,
} from "@cpd/contract";
import {
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { useState } from "react";
import { call } from "../../lib/api-client";
import { ApiError } from "../../lib/api-error";
import { bareList } from "../../lib/bare-list";
import { DateField } from "../../lib/DateField";
import { notifyError, notifyMessage, notifySuccess } from "../../lib/notify";
import { SectionCard } from "../../lib/SectionCard";
import { Spinner } from "../../lib/Spinner";
import { fileUrl, uploadFile } from "../../lib/upload";
import { useHoverSelect } from "../../lib/use-hover-select";
import { todayIso } from "../forms";
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_TYPE_GROUPS,
  type DocumentErrors,
  daysUntil,
  documentErrors,
  documentTypeLabel,
  type ExpiryState,
  expiryState,
  expiryText,
  needsExpiry,
} from "./document-rules";
import { useDeleteDocument, useDocuments, useRefreshDocuments } from "./queries";

type Doc = ResponseOf<typeof api.listDocuments>[number];

// White text on these keeps at least 4.5:1 (Mantine's orange and yellow do not).
const EXPIRY_COLOURS: Record<ExpiryState, string> = {
  expired: "#a51d1d",
  "expiring-soon": "#9c3d00",
  expiring: "#6f5400",
  valid: "#1e6b30",
};

function ExpiryBadge({ expiry }: { expiry: string | null }) {
  const today = todayIso();
  const state = expiryState(expiry, today);
  if (!state || !expiry) return <Text fz="sm">No expiry date</Text>;
  return (
    <Badge
      color={EXPIRY_COLOURS[state]}
      variant={state === "valid" ? "outline" : "filled"}
      tt="none"
      className={state === "expiring-soon" ? "expiry-flash" : undefined}
    >
      {expiryText(state, daysUntil(expiry, today))}
    </Badge>
  );
}

/** Standard file names for passports and driving licences (REQ-PROFILE-06). */
function uploadName(file: File, type: string): string {
  const dot = file.name.lastIndexOf(".");
  const ext = dot > 0 ? file.name.slice(dot).toLowerCase() : "";
  if (type === "PASSPORT") return `Passport${ext}`;
  if (type === "DRIVING_LICENCE") return `Driving Licence${ext}`;
  return file.name;
}

function UploadDocument({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [type, setType] = useState<string | null>(null);
  const [expiry, setExpiry] = useState("");
  const [errors, setErrors] = useState<DocumentErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = documentErrors({ file, name, type, expiryDate: expiry });
    setErrors(found);
    if (found.file === DOCUMENT_MESSAGES.fileTooLarge) {
      notifyMessage(DOCUMENT_MESSAGES.fileTooLargeTitle, DOCUMENT_MESSAGES.fileTooLarge, "error");
    }
    if (Object.keys(found).length || !file || !type) return;
    setBusy(true);
    try {
      let uploaded: Awaited<ReturnType<typeof uploadFile>>;
      try {
        uploaded = await uploadFile(file, { filename: uploadName(file, type) });
      } catch (err) {
        notifyError("Failed to upload file", err);
        return;
      }
      try {
        await call(api.createDocument, {
          body: {
            uploadStorageId: uploaded.storageId,
            type: type as (typeof ALL_DOCUMENT_TYPES)[number],
            name: name.trim(),
            expiryDate: expiry || null,
          },
        });
      } catch (err) {
        notifyError("Failed to link document to profile", err);
        return;
      }
      notifySuccess("Document Uploaded");
      setFile(null);
      setName("");
      setType(null);
      setExpiry("");
      onDone();
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard order={3} title="Upload a document">
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FileInput
            clearButtonProps={{ "aria-label": "Clear the chosen file" }}
            label="File"
            required
            placeholder="Choose a file"
            accept={DOCUMENT_ACCEPT}
            description="JPEG, PNG, GIF, BMP, WebP or PDF, up to 10MB"
            value={file}
            clearable
            error={errors.file}
            onChange={(f) => {
              setFile(f);
              setErrors((x) => ({ ...x, file: undefined }));
            }}
          />
          <TextInput
            label="Document name"
            required
            maxLength={DOCUMENT_NAME_MAX_LENGTH}
            description={`Up to ${DOCUMENT_NAME_MAX_LENGTH} characters`}
            value={name}
            error={errors.name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setErrors((x) => ({ ...x, name: undefined }));
            }}
          />
          <Select
            label="Document type"
            required
            searchable
            placeholder="Choose a type"
            data={DOCUMENT_TYPE_GROUPS}
            value={type}
            error={errors.type}
            onChange={(v) => {
              setType(v);
              setErrors((x) => ({ ...x, type: undefined, expiryDate: undefined }));
            }}
          />
          <DateField
            id="document-expiry"
            label="Expiry date"
            required={needsExpiry(type)}
            description={needsExpiry(type) ? "Required field. DD/MM/YYYY" : "Optional. DD/MM/YYYY"}
            value={expiry}
            onChange={(v) => {
              setExpiry(v);
              setErrors((x) => ({ ...x, expiryDate: undefined }));
            }}
            extraError={errors.expiryDate}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={busy}>
            Upload document
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}

export function PersonalDocuments() {
  const [filter, setFilter] = useState("ALL");
  const docs = useDocuments(filter);
  const refresh = useRefreshDocuments();
  const hover = useHoverSelect<string>();

  const remove = useDeleteDocument({
    onSuccess: () => {
      notifySuccess("Document Deleted");
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) {
        notifyMessage("Document Deleted", "The file could not be found or was already removed.");
        refresh();
      } else notifyError("Failed to delete document", err);
    },
  });

  function confirmDelete(d: Doc) {
    modals.openConfirmModal({
      title: "Delete document",
      children: <Text>Are you sure you want to delete “{d.name}”? This cannot be undone.</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "#a51d1d" },
      onConfirm: () => remove.mutate(d.id),
    });
  }

  return (
    <Stack gap="md">
      <UploadDocument onDone={refresh} />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={3} fz="h4">
          Your documents
        </Title>
        <Select
          label="Filter by document type"
          data={[
            { group: "All", items: [{ value: "ALL", label: "All document types" }] },
            ...DOCUMENT_TYPE_GROUPS,
          ]}
          value={filter}
          onChange={(v) => setFilter(v ?? "ALL")}
          allowDeselect={false}
          searchable
          w={300}
          maw="100%"
        />
      </Group>
      {docs.isLoading ? (
        <Spinner size="sm" label="Loading documents" />
      ) : !docs.data?.length ? (
        <Text>No documents have been uploaded yet.</Text>
      ) : (
        <Stack gap="xs" {...bareList} aria-label="Personal documents">
          {docs.data.map((d) => (
            <Card
              key={d.id}
              withBorder
              padding="sm"
              component="li"
              className="hover-select"
              {...hover.props(d.id)}
            >
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={700} style={{ wordBreak: "break-word" }}>
                    {d.name}
                  </Text>
                  <Text fz="sm">
                    {documentTypeLabel(d.type)} · Uploaded {ukDate(d.uploadDate)}
                    {d.expiryDate ? ` · Expires ${ukDate(d.expiryDate)}` : ""}
                  </Text>
                </div>
                <Group gap="xs">
                  <ExpiryBadge expiry={d.expiryDate} />
                  <Button
                    size="compact-sm"
                    variant="default"
                    component="a"
                    href={fileUrl(d.uploadStorageId)}
                    target="_blank"
                    rel="noopener"
                  >
                    View<span className="visually-hidden"> {d.name} (opens in a new tab)</span>
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="outline"
                    color="#a51d1d"
                    onClick={() => confirmDelete(d)}
                  >
                    Delete<span className="visually-hidden"> {d.name}</span>
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

import {
  RECORD_KINDS,
  REVALIDATION,
  type RecordKind,
  type Regulator,
  type RevalidationRecord,
  ukDate,
} from "@cpd/contract";
import { Button, Group, Modal, Select, Stack, Table, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useState } from "react";
import { notifySuccess } from "../../lib/notify";
import { Pager } from "../../lib/Pager";
import { SectionCard } from "../../lib/SectionCard";
import { Spinner } from "../../lib/Spinner";
import { useDeleteRecord, useRecords } from "./queries";
import { RecordForm } from "./RecordForm";
import { RECORD_KIND_LABELS } from "./revalidation-model";

const KIND_OPTIONS = RECORD_KINDS.map((k) => ({ value: k, label: RECORD_KIND_LABELS[k] }));

function when(r: RevalidationRecord): string {
  return r.endDate && r.endDate !== r.date ? `${ukDate(r.date)} to ${ukDate(r.endDate)}` : ukDate(r.date);
}

/** The caller's practice hours, feedback, reflections, discussions and declarations. */
export function RecordsSection({
  themes,
  regulators,
}: {
  themes: string[];
  regulators: readonly Regulator[];
}) {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<RecordKind | null>(null);
  const [editing, setEditing] = useState<{ record: RevalidationRecord | null; kind: RecordKind } | null>(
    null,
  );
  const records = useRecords(page, kind);
  const remove = useDeleteRecord();
  const pages = Math.max(1, Math.ceil((records.data?.total ?? 0) / REVALIDATION.recordsPerPage));

  const confirmDelete = (r: RevalidationRecord) =>
    modals.openConfirmModal({
      title: "Delete this record?",
      children: (
        <Text fz="sm">{`${RECORD_KIND_LABELS[r.kind]}: ${r.title} (${when(r)}) will be deleted.`}</Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "#a51d1d" },
      onConfirm: () => remove.mutate(r.id, { onSuccess: () => notifySuccess("Record deleted") }),
    });

  const items = records.data?.items ?? [];
  return (
    <SectionCard
      title="Revalidation records"
      action={
        <Button size="sm" onClick={() => setEditing({ record: null, kind: kind ?? "practiceHours" })}>
          Add a record
        </Button>
      }
    >
      <Stack gap="sm">
        <Select
          label="Show"
          data={[{ value: "", label: "Every kind" }, ...KIND_OPTIONS]}
          value={kind ?? ""}
          allowDeselect={false}
          onChange={(v) => {
            setKind(v ? (v as RecordKind) : null);
            setPage(1);
          }}
          maw={320}
        />
        {records.isLoading ? (
          <Spinner label="Loading your records" />
        ) : items.length === 0 ? (
          <Text fz="sm">
            No records yet. Add your practice hours, feedback, reflections and discussions here.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <caption className="visually-hidden">Your revalidation records, newest first</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Kind</Table.Th>
                  <Table.Th scope="col">Title</Table.Th>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col">Hours</Table.Th>
                  <Table.Th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{RECORD_KIND_LABELS[r.kind]}</Table.Td>
                    <Table.Td>{r.title}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{when(r)}</Table.Td>
                    <Table.Td>{r.hours ?? ""}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setEditing({ record: r, kind: r.kind })}
                        >
                          Edit<span className="visually-hidden"> {r.title}</span>
                        </Button>
                        <Button size="xs" variant="subtle" color="#a51d1d" onClick={() => confirmDelete(r)}>
                          Delete<span className="visually-hidden"> {r.title}</span>
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager label="Pages of records" page={page} pages={pages} onPage={setPage} steps />
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.record ? `Edit ${RECORD_KIND_LABELS[editing.kind].toLowerCase()}` : "Add a record"}
        size="lg"
      >
        {editing && (
          <RecordForm
            record={editing.record}
            initialKind={editing.kind}
            themes={themes}
            regulators={regulators}
            onCancel={() => setEditing(null)}
            onDone={() => {
              setEditing(null);
              notifySuccess("Record saved");
            }}
          />
        )}
      </Modal>
    </SectionCard>
  );
}

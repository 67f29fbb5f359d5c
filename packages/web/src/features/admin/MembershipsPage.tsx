import { api, MEMBERSHIP_RECORD_LIMITS, type ResponseOf, ukDate } from "@cpd/contract";
import {
  Badge,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormEvent, useState } from "react";
import { call } from "../../lib/api-client";
import { CsvFileInput } from "../../lib/CsvFileInput";
import { csvRecords } from "../../lib/csv";
import { DateField } from "../../lib/DateField";
import { errorMessage } from "../../lib/error-messages";
import { FilterForm, useFilteredPages } from "../../lib/filtered-pages";
import { ModalActions } from "../../lib/ModalActions";
import { notifySuccess } from "../../lib/notify";
import { PagedTable } from "../../lib/PagedTable";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { usePageTitle } from "../../lib/use-page-title";
import { useImportMemberships, useSaveMembership } from "./queries";

type MembershipRecord = ResponseOf<typeof api.getMembershipRecord>;
const PAGE_SIZE = 20;
const EMPTY_FORM = {
  identifier: "",
  type: "",
  email: "",
  active: true,
  startDate: "",
  endDate: "",
  notes: "",
};
type Form = typeof EMPTY_FORM;
const toForm = (r: MembershipRecord): Form => ({
  identifier: r.identifier,
  type: r.type,
  email: r.email,
  active: r.active,
  startDate: r.startDate ?? "",
  endDate: r.endDate ?? "",
  notes: r.notes,
});

function RecordModal({ record, onClose }: { record: MembershipRecord | "new" | null; onClose: () => void }) {
  const [form, setForm] = useState<Form>(record && record !== "new" ? toForm(record) : EMPTY_FORM);
  const [status, setStatus] = useState<Status | null>(null);
  const save = useSaveMembership({
    onSuccess: () => {
      notifySuccess("Membership saved");
      onClose();
    },
    onError: (err) =>
      setStatus({ tone: "error", title: "Membership not saved", text: errorMessage(err) || "Unknown error" }),
  });
  const body = () => ({
    identifier: form.identifier.trim(),
    type: form.type.trim(),
    email: form.email.trim(),
    active: form.active,
    startDate: form.startDate || null,
    endDate: form.endDate || null,
    notes: form.notes,
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!form.identifier.trim() || !form.type.trim() || !form.email.trim()) {
      setStatus({
        tone: "error",
        title: "Membership not saved",
        text: "Please enter the identifier, the type and the email address.",
      });
    } else save.mutate({ id: record && record !== "new" ? record.id : null, body: body() });
  }
  const text = (name: "identifier" | "type" | "email", label: string, max: number) => (
    <TextInput
      label={label}
      required
      maxLength={max}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.currentTarget.value })}
    />
  );
  const date = (name: "startDate" | "endDate", id: string, label: string) => (
    <DateField
      id={id}
      label={label}
      required={false}
      value={form[name]}
      onChange={(value) => setForm({ ...form, [name]: value })}
    />
  );
  return (
    <Modal
      opened={record !== null}
      onClose={onClose}
      title={record === "new" ? "New membership" : "Edit membership"}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <StatusRegion status={status} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text("type", "Type", MEMBERSHIP_RECORD_LIMITS.type)}
            {text("identifier", "Identifier", MEMBERSHIP_RECORD_LIMITS.identifier)}
          </SimpleGrid>
          {text("email", "Email address", 254)}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {date("startDate", "membership-start", "Start date")}
            {date("endDate", "membership-end", "End date")}
          </SimpleGrid>
          <Switch
            label="Active"
            checked={form.active}
            onChange={(e) => setForm({ ...form, active: e.currentTarget.checked })}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            maxLength={MEMBERSHIP_RECORD_LIMITS.notes}
            value={form.notes}
            onChange={(e) => setForm({ ...form, notes: e.currentTarget.value })}
          />
          <ModalActions onClose={onClose}>
            <Button type="submit" loading={save.isPending}>
              Save membership
            </Button>
          </ModalActions>
        </Stack>
      </form>
    </Modal>
  );
}

function ImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [rows, setRows] = useState<{ type: string; identifier: string; email: string }[]>([]);
  const [status, setStatus] = useState<Status | null>(null);
  const [errors, setErrors] = useState<{ row: number; message: string }[]>([]);
  async function choose(file: File | null) {
    setErrors([]);
    setRows([]);
    if (!file) return setStatus(null);
    const { records, missing } = csvRecords(await file.text(), ["type", "identifier", "email"] as const);
    if (missing.length)
      return setStatus({
        tone: "error",
        title: "File not read",
        text: `The file needs the columns type, identifier and email (missing: ${missing.join(", ")}).`,
      });
    setRows(records);
    setStatus({
      tone: "info",
      title: `${records.length} ${records.length === 1 ? "row" : "rows"} read`,
      text: "Import them when ready.",
    });
  }
  const send = useImportMemberships({
    onSuccess: (res) => {
      setErrors(res.errors);
      if (res.errors.length) setStatus({ tone: "error", title: "Nothing was imported", text: res.message });
      else {
        setStatus({ tone: "success", title: "Imported", text: res.message });
        notifySuccess("Memberships imported", res.message);
      }
    },
    onError: (err) =>
      setStatus({ tone: "error", title: "Nothing was imported", text: errorMessage(err) || "Unknown error" }),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Import memberships" size="lg">
      <Stack gap="sm">
        <Text fz="sm">
          A CSV file with the columns <strong>type</strong>, <strong>identifier</strong> and{" "}
          <strong>email</strong>. Known type and identifier pairs are updated; if any row needs attention,
          nothing is imported.
        </Text>
        <CsvFileInput onChoose={(f) => void choose(f)} />
        <StatusRegion status={status} />
        {errors.length > 0 && (
          <Stack gap={2} component="ul" style={{ margin: 0 }}>
            {errors.slice(0, 200).map((e) => (
              <Text component="li" key={e.row} fz="sm">
                Row {e.row}: {e.message}
              </Text>
            ))}
          </Stack>
        )}
        <ModalActions onClose={onClose} close="Done">
          <Button onClick={() => send.mutate(rows)} disabled={rows.length === 0} loading={send.isPending}>
            Import
          </Button>
        </ModalActions>
      </Stack>
    </Modal>
  );
}

/** REQ-ADMIN-01 admin memberships: search by identifier, type or e-mail; create, edit, import. */
export default function MembershipsPage() {
  usePageTitle("Memberships");
  const [editing, setEditing] = useState<MembershipRecord | "new" | null>(null);
  const [importing, setImporting] = useState(false);
  const f = useFilteredPages({
    queryKey: ["admin", "memberships"],
    initial: { identifier: "", type: "", email: "" },
    pageSize: PAGE_SIZE,
    load: (page, query) => call(api.searchMembershipRecords, { query: { ...query, page } }),
    errorTitle: "Failed to load memberships",
  });
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Memberships</Title>
        <Group>
          <Button onClick={() => setEditing("new")}>New membership</Button>
          <Button variant="light" onClick={() => setImporting(true)}>
            Import
          </Button>
        </Group>
      </Group>
      <FilterForm onApply={f.apply} submit="Search">
        <TextInput label="Identifier" {...f.field("identifier")} />
        <TextInput label="Type" {...f.field("type")} />
        <TextInput label="Email" {...f.field("email")} />
      </FilterForm>
      <PagedTable
        {...f.paging}
        noun={["membership", "memberships"]}
        empty="No memberships match this search."
        minWidth={860}
        captionId="memberships-caption"
        head={
          <>
            <Table.Th>Type</Table.Th>
            <Table.Th>Identifier</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Dates</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </>
        }
        row={(r) => (
          <Table.Tr key={r.id}>
            <Table.Td>
              {r.type}
              {!r.active && (
                <Badge ml="xs" size="sm" variant="outline" color="gray.8">
                  Inactive
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{r.identifier}</Table.Td>
            <Table.Td style={{ wordBreak: "break-all" }}>{r.email}</Table.Td>
            <Table.Td>
              {r.startDate ? ukDate(r.startDate) : "—"} to {r.endDate ? ukDate(r.endDate) : "—"}
            </Table.Td>
            <Table.Td>{r.user ? `${r.user.name} (${r.user.tier.toLowerCase()})` : "No account"}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="subtle"
                onClick={() => setEditing(r)}
                aria-label={`Edit ${r.type} ${r.identifier}`}
              >
                Edit
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {editing !== null && (
        <RecordModal
          key={editing === "new" ? "new" : editing.id}
          record={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ImportModal opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}

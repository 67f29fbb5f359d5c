import type { api, ResponseOf } from "@cpd/contract";
import { Button, Modal, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { CsvFileInput } from "../../lib/CsvFileInput";
import { csvRecords } from "../../lib/csv";
import { errorMessage } from "../../lib/error-messages";
import { ModalActions } from "../../lib/ModalActions";
import { notifySuccess } from "../../lib/notify";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import type { MemberModalProps } from "./AddUserModal";
import { useImportOrganisationUsers } from "./queries";

const FIELDS = ["firstName", "lastName", "email"] as const;
type Row = Record<(typeof FIELDS)[number], string>;
type Report = ResponseOf<typeof api.bulkImportUsers>;
const OUTCOME: Record<Report["rows"][number]["outcome"], string> = {
  valid: "Ready",
  invalid: "Needs correcting",
  duplicate: "Repeated in the file",
  exists: "Already has an account",
};

/** Bulk import from a CSV file (columns firstName, lastName, email): all rows or none. */
export function ImportUsersModal({ organisationId, opened, onClose }: MemberModalProps) {
  const [rows, setRows] = useState<Row[]>([]);
  const [status, setStatus] = useState<Status | null>(null);
  const [report, setReport] = useState<Report | null>(null);

  async function choose(file: File | null) {
    setReport(null);
    setRows([]);
    if (!file) return setStatus(null);
    const { records, missing } = csvRecords(await file.text(), FIELDS);
    if (missing.length) {
      return setStatus({
        tone: "error",
        title: "File not read",
        text: `The file needs the columns firstName, lastName and email (missing: ${missing.join(", ")}).`,
      });
    }
    if (records.length === 0)
      return setStatus({
        tone: "error",
        title: "File not read",
        text: "The file has no rows under its header.",
      });
    setStatus({
      tone: "info",
      title: `${records.length} ${records.length === 1 ? "row" : "rows"} read`,
      text: "Check them, then import.",
    });
    setRows(records);
  }

  const send = useImportOrganisationUsers(organisationId, {
    onSuccess: (res) => {
      setReport(res);
      if (res.imported > 0) {
        notifySuccess("Users imported", res.message);
        setStatus({ tone: "success", title: "Imported", text: res.message });
      } else setStatus({ tone: "error", title: "Nothing was imported", text: res.message });
    },
    onError: (err) =>
      setStatus({ tone: "error", title: "Nothing was imported", text: errorMessage(err) || "Unknown error" }),
  });

  const shown = report
    ? report.rows
    : rows.map((r, i) => ({ row: i + 1, email: r.email, outcome: null, message: null }));
  return (
    <Modal opened={opened} onClose={onClose} title="Import users" size="lg">
      <Stack gap="sm">
        <Text fz="sm">
          Choose a CSV file with a header row naming the columns <strong>firstName</strong>,{" "}
          <strong>lastName</strong> and <strong>email</strong>. Every row is checked first: if any row needs
          attention, nothing is imported.
        </Text>
        <CsvFileInput onChoose={(f) => void choose(f)} />
        <StatusRegion status={status} />
        {shown.length > 0 && (
          <Table.ScrollContainer minWidth={420} mah={320}>
            <Table striped>
              <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>
                {report ? "Import report" : "Rows in the file"}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Email</Table.Th>
                  {report && <Table.Th>Outcome</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.slice(0, 500).map((r) => (
                  <Table.Tr key={r.row}>
                    <Table.Td>{r.row}</Table.Td>
                    <Table.Td style={{ wordBreak: "break-all" }}>{r.email}</Table.Td>
                    {report && (
                      <Table.Td>
                        {r.outcome ? `${OUTCOME[r.outcome]}${r.message ? `: ${r.message}` : ""}` : ""}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ModalActions onClose={onClose} close="Done">
          <Button
            onClick={() => send.mutate(rows)}
            disabled={rows.length === 0 || (report?.imported !== undefined && report.imported > 0)}
            loading={send.isPending}
          >
            Import {rows.length > 0 ? `${rows.length} ${rows.length === 1 ? "user" : "users"}` : ""}
          </Button>
        </ModalActions>
      </Stack>
    </Modal>
  );
}

import {
  api,
  londonDay,
  ORGANISATION_LIMITS,
  type ORGANISATION_USER_SORTS,
  type REVALIDATION_REPORT_STATUSES,
  ukDate,
} from "@cpd/contract";
import { Badge, Button, Group, Select, SimpleGrid, Stack, Table, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { DateRangeFields, isValidRange } from "../../lib/DateRangeFields";
import { downloadWithSession } from "../../lib/download";
import { notifyError } from "../../lib/notify";
import { PagedTable } from "../../lib/PagedTable";
import { SortHeaders } from "../../lib/SortHeader";
import { usePageTitle } from "../../lib/use-page-title";
import { STATUS_COLOURS } from "../revalidation";
import { AddUserModal } from "./AddUserModal";
import { ImportUsersModal } from "./ImportUsersModal";
import { NoOrganisation, OrganisationHeading } from "./OrganisationHeading";
import { useCurrentOrganisation, useOrganisationUsers } from "./queries";
import { ReviewModal, type ReviewTarget } from "./ReviewModal";
import { lastTwelveMonths } from "./range";

type Sort = (typeof ORGANISATION_USER_SORTS)[number];
type RevalidationFilter = (typeof REVALIDATION_REPORT_STATUSES)[number] | "";

const REVALIDATION_LABELS: Record<Exclude<RevalidationFilter, "">, string> = {
  met: "Met",
  onTrack: "On track",
  short: "Short",
  overdue: "Overdue",
  none: "No registration",
};
const REVALIDATION_OPTIONS = [
  { value: "", label: "Everyone" },
  ...Object.entries(REVALIDATION_LABELS).map(([value, label]) => ({ value, label })),
];

const COLUMNS = [
  ["Name", "name"],
  ["Email", "email"],
  ["CPD hours", "hours"],
  ["Entries", "entries"],
  ["Last activity", "lastActivity"],
  ["Joined", "joined"],
] as const;

/** REQ-ORG-01 users-report: the organisation's users with their CPD in a date range. */
export default function UsersReportPage() {
  usePageTitle("Users report");
  const org = useCurrentOrganisation();
  const id = org.current?.id ?? null;
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(ORGANISATION_LIMITS.defaultPageSize);
  const [sort, setSort] = useState<{ sortBy: Sort; sortDesc: boolean }>({ sortBy: "name", sortDesc: false });
  const [filter, setFilter] = useState("");
  const [revalidationStatus, setRevalidationStatus] = useState<RevalidationFilter>("");
  const [debounced] = useDebouncedValue(filter.trim(), 300);
  const [range, setRange] = useState(lastTwelveMonths);
  const [modal, setModal] = useState<"add" | "import" | null>(null);
  const [review, setReview] = useState<ReviewTarget | null>(null);
  const [downloading, setDownloading] = useState(false);
  const validRange = isValidRange(range);

  const users = useOrganisationUsers(
    id,
    { page, perPage, sort, filter: debounced, range, revalidationStatus },
    validRange,
  );

  const onSort = (s: Sort) => {
    setSort((cur) => ({
      sortBy: s,
      sortDesc: cur.sortBy === s ? !cur.sortDesc : s === "hours" || s === "entries",
    }));
    setPage(1);
  };

  async function csv() {
    if (id === null || !validRange) return;
    setDownloading(true);
    try {
      await downloadWithSession(api.organisationUsersCsv, { id }, `users-${range.from}-to-${range.to}.csv`, {
        query: { from: range.from, to: range.to },
      });
    } catch (err) {
      notifyError("Failed to download the CSV", err);
    } finally {
      setDownloading(false);
    }
  }

  if (org.list.isSuccess && !org.current) {
    return <NoOrganisation />;
  }

  return (
    <Stack gap="lg" maw={1200}>
      <OrganisationHeading
        title="Users report"
        org={org}
        actions={
          <Group>
            <Button onClick={() => setModal("add")} disabled={id === null}>
              Add user
            </Button>
            <Button variant="light" onClick={() => setModal("import")} disabled={id === null}>
              Import users
            </Button>
            <Button variant="default" onClick={() => void csv()} loading={downloading} disabled={!validRange}>
              Download CSV
            </Button>
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }}>
        <TextInput
          label="Filter"
          description="Part of a name or email address"
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value);
            setPage(1);
          }}
        />
        <DateRangeFields id="report" value={range} onChange={setRange} />
        <Select
          label="Revalidation"
          description="Status of the next deadline"
          data={REVALIDATION_OPTIONS}
          value={revalidationStatus}
          allowDeselect={false}
          onChange={(v) => {
            setRevalidationStatus((v ?? "") as RevalidationFilter);
            setPage(1);
          }}
        />
        <Select
          label="Users per page"
          data={["10", "25", "50", "100"]}
          value={String(perPage)}
          allowDeselect={false}
          onChange={(v) => {
            setPerPage(Number(v));
            setPage(1);
          }}
        />
      </SimpleGrid>
      <PagedTable
        list={users}
        pageSize={perPage}
        page={page}
        onPage={setPage}
        steps
        noun={["user", "users"]}
        empty={
          debounced || revalidationStatus
            ? "No users match this filter."
            : "This organisation has no users yet."
        }
        minWidth={980}
        captionId="users-report-caption"
        head={
          <>
            <SortHeaders columns={COLUMNS} state={sort} onSort={onSort} />
            <Table.Th>Revalidation</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </>
        }
        row={(u) => {
          const name = `${u.firstName} ${u.lastName}`.trim();
          return (
            <Table.Tr key={u.id}>
              <Table.Td>
                {name}
                {u.invited && (
                  <Badge ml="xs" size="sm" variant="outline" color="gray.8">
                    Invited
                  </Badge>
                )}
              </Table.Td>
              <Table.Td style={{ wordBreak: "break-all" }}>{u.email}</Table.Td>
              <Table.Td>{u.hours}</Table.Td>
              <Table.Td>{u.entries}</Table.Td>
              <Table.Td>{u.lastActivity ? ukDate(u.lastActivity) : "None"}</Table.Td>
              <Table.Td>{ukDate(londonDay(u.joined))}</Table.Td>
              <Table.Td>
                {u.revalidation ? (
                  <Group gap={6} wrap="nowrap">
                    <span>{ukDate(u.revalidation.deadline)}</span>
                    <Badge size="sm" color={STATUS_COLOURS[u.revalidation.status]} autoContrast>
                      {REVALIDATION_LABELS[u.revalidation.status]}
                    </Badge>
                  </Group>
                ) : (
                  "None"
                )}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => setReview({ id: u.id, name })}
                  aria-label={`Annual review of ${name}`}
                >
                  Annual review
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
      {id !== null && (
        <>
          <AddUserModal organisationId={id} opened={modal === "add"} onClose={() => setModal(null)} />
          <ImportUsersModal organisationId={id} opened={modal === "import"} onClose={() => setModal(null)} />
        </>
      )}
      <ReviewModal user={review} onClose={() => setReview(null)} />
    </Stack>
  );
}

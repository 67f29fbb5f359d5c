import { api, londonDateTime } from "@cpd/contract";
import { Button, Code, Group, Stack, Table, TextInput, Title } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { call } from "../../lib/api-client";
import { PagedTable } from "../../lib/PagedTable";
import { usePageTitle } from "../../lib/use-page-title";
import { DateRangeFields } from "../forms/DateRangeFields";

const PAGE_SIZE = 25;

/** "changed: cpdHours 10 → 30; list: tags" from an entry's details. */
export function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([k, v]) => {
      if (v && typeof v === "object" && !Array.isArray(v)) {
        const inner = Object.entries(v as Record<string, unknown>)
          .map(([f, c]) =>
            Array.isArray(c) && c.length === 2
              ? `${f} ${JSON.stringify(c[0])} → ${JSON.stringify(c[1])}`
              : `${f} ${JSON.stringify(c)}`,
          )
          .join(", ");
        return `${k}: ${inner}`;
      }
      return `${k}: ${Array.isArray(v) ? v.join(", ") || "none" : String(v)}`;
    })
    .join("; ");
}

/** Every administrator action and impersonation, and account events, newest first. */
export default function ActivityLogPage() {
  usePageTitle("Activity log");
  const [filters, setFilters] = useState({ action: "", email: "", from: "", to: "" });
  const [applied, setApplied] = useState(filters);
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ["admin", "activity-log", applied, page],
    queryFn: () =>
      call(api.activityLog, {
        params: { perPage: PAGE_SIZE, page },
        query: Object.fromEntries(Object.entries(applied).filter(([, v]) => v)) as Record<string, string>,
      }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Failed to load the activity log" },
  });
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1}>Activity log</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setApplied({ ...filters, action: filters.action.trim(), email: filters.email.trim() });
          setPage(1);
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Action"
            description='Exact, or a prefix ending in "." (impersonation.)'
            value={filters.action}
            onChange={(e) => setFilters({ ...filters, action: e.currentTarget.value })}
          />
          <TextInput
            label="Email"
            description="Who acted, or whom it concerned"
            value={filters.email}
            onChange={(e) => setFilters({ ...filters, email: e.currentTarget.value })}
          />
          <DateRangeFields
            id="log"
            required={false}
            value={filters}
            onChange={(r) => setFilters({ ...filters, ...r })}
          />
          <Button type="submit" variant="default">
            Filter
          </Button>
        </Group>
      </form>
      <PagedTable
        list={log}
        pageSize={PAGE_SIZE}
        page={page}
        onPage={setPage}
        steps
        noun={["entry", "entries"]}
        empty="Nothing has been logged that matches."
        minWidth={900}
        captionId="activity-caption"
        head={
          <>
            <Table.Th>When</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Concerning</Table.Th>
            <Table.Th>Details</Table.Th>
          </>
        }
        row={(l) => (
          <Table.Tr key={l.id}>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{londonDateTime(l.at)}</Table.Td>
            <Table.Td>
              <Code>{l.action}</Code>
            </Table.Td>
            <Table.Td style={{ wordBreak: "break-all" }}>{l.actor?.email ?? "System"}</Table.Td>
            <Table.Td style={{ wordBreak: "break-all" }}>
              {l.subject?.email ?? ""}
              {l.organisationId ? `${l.subject ? ", " : ""}organisation ${l.organisationId}` : ""}
            </Table.Td>
            <Table.Td fz="sm">{detailsText(l.details)}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}

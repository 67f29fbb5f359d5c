import { type api, CERTIFICATE_STATES, londonDateTime, type QueryOf, type ResponseOf } from "@cpd/contract";
import { Button, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FigureCards } from "../../lib/FigureCards";
import { PagedTable } from "../../lib/PagedTable";
import { DateRangeFields } from "../forms/DateRangeFields";

type Page = ResponseOf<typeof api.adminCertificates>;
export type CertificateQuery = QueryOf<typeof api.adminCertificates>;
export const PAGE_SIZE = 20;

/**
 * Video certificates as administrators and managers see them: counts by state over the
 * filtered set, filters, and a server-paged table of who asked for which certificate.
 */
export function CertificatesList({
  queryKey,
  load,
}: {
  queryKey: readonly unknown[];
  load: (page: number, query: CertificateQuery) => Promise<Page>;
}) {
  const [filters, setFilters] = useState({ state: "", search: "", from: "", to: "" });
  const [applied, setApplied] = useState<CertificateQuery>({});
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...queryKey, applied, page],
    queryFn: () => load(page, applied),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Failed to load certificates" },
  });
  const count = (state: string) =>
    list.data ? (list.data.byState.find((b) => b.state === state)?.certificates ?? 0) : undefined;
  return (
    <Stack gap="md">
      <FigureCards figures={CERTIFICATE_STATES.map((s) => [s, count(s)])} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const f = { ...filters, search: filters.search.trim() };
          setApplied(Object.fromEntries(Object.entries(f).filter(([, v]) => v)) as CertificateQuery);
          setPage(1);
        }}
      >
        <Group align="flex-end">
          <Select
            label="State"
            data={[{ value: "", label: "All" }, ...CERTIFICATE_STATES]}
            value={filters.state}
            allowDeselect={false}
            onChange={(v) => setFilters({ ...filters, state: v ?? "" })}
            w={140}
          />
          <TextInput
            label="Search"
            description="Video or member's email"
            value={filters.search}
            maxLength={200}
            onChange={(e) => setFilters({ ...filters, search: e.currentTarget.value })}
          />
          <DateRangeFields
            id="certificates"
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
        list={list}
        pageSize={PAGE_SIZE}
        page={page}
        onPage={setPage}
        steps
        noun={["certificate", "certificates"]}
        empty="No certificates match."
        minWidth={820}
        captionId="certificates-caption"
        head={
          <>
            <Table.Th>Video</Table.Th>
            <Table.Th>Member</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Requested</Table.Th>
            <Table.Th>Issued</Table.Th>
          </>
        }
        row={(c) => (
          <Table.Tr key={c.id}>
            <Table.Td>{c.videoName}</Table.Td>
            <Table.Td miw={180}>
              {c.user.name || c.user.email}
              <Text fz="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {c.user.email}
                {c.organisation ? `, ${c.organisation}` : ""}
              </Text>
            </Table.Td>
            <Table.Td>{c.state}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{londonDateTime(c.createdAt)}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>
              {c.issuedAt ? londonDateTime(c.issuedAt) : "—"}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}

import { type api, CERTIFICATE_STATES, londonDateTime, type QueryOf, type ResponseOf } from "@cpd/contract";
import { Select, Stack, Table, TextInput } from "@mantine/core";
import { DateRangeFields } from "../../lib/DateRangeFields";
import { FigureCards } from "../../lib/FigureCards";
import { FilterForm, useFilteredPages } from "../../lib/filtered-pages";
import { PagedTable } from "../../lib/PagedTable";
import { PersonCell } from "./PersonCell";

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
  const f = useFilteredPages({
    queryKey,
    initial: { state: "", search: "", from: "", to: "" },
    pageSize: PAGE_SIZE,
    load: (page, applied) => load(page, applied as CertificateQuery),
    errorTitle: "Failed to load certificates",
  });
  const data = f.list.data;
  const count = (state: string) =>
    data ? (data.byState.find((b) => b.state === state)?.certificates ?? 0) : undefined;
  return (
    <Stack gap="md">
      <FigureCards figures={CERTIFICATE_STATES.map((s) => [s, count(s)])} />
      <FilterForm onApply={f.apply}>
        <Select
          label="State"
          data={[{ value: "", label: "All" }, ...CERTIFICATE_STATES]}
          {...f.choice("state")}
          w={140}
        />
        <TextInput
          label="Search"
          description="Video or member's email"
          maxLength={200}
          {...f.field("search")}
        />
        <DateRangeFields id="certificates" required={false} {...f.range} />
      </FilterForm>
      <PagedTable
        {...f.paging}
        noun={["certificate", "certificates"]}
        empty="No certificates match."
        minWidth={820}
        captionId="certificates-caption"
        head={["Video", "Member", "State", "Requested", "Issued"]}
        row={(c) => (
          <Table.Tr key={c.id}>
            <Table.Td>{c.videoName}</Table.Td>
            <PersonCell name={c.user.name} email={c.user.email} organisation={c.organisation} />
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

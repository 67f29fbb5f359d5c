import { api, londonDateTime } from "@cpd/contract";
import { Code, Stack, Table, TextInput, Title } from "@mantine/core";
import { call } from "../../lib/api-client";
import { DateRangeFields } from "../../lib/DateRangeFields";
import { FilterForm, useFilteredPages } from "../../lib/filtered-pages";
import { PagedTable } from "../../lib/PagedTable";
import { usePageTitle } from "../../lib/use-page-title";

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
  const f = useFilteredPages({
    queryKey: ["admin", "activity-log"],
    initial: { action: "", email: "", from: "", to: "" },
    pageSize: PAGE_SIZE,
    load: (page, query) => call(api.activityLog, { params: { perPage: PAGE_SIZE, page }, query }),
    errorTitle: "Failed to load the activity log",
  });
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1}>Activity log</Title>
      <FilterForm onApply={f.apply}>
        <TextInput
          label="Action"
          description='Exact, or a prefix ending in "." (impersonation.)'
          {...f.field("action")}
        />
        <TextInput label="Email" description="Who acted, or whom it concerned" {...f.field("email")} />
        <DateRangeFields id="log" required={false} {...f.range} />
      </FilterForm>
      <PagedTable
        {...f.paging}
        noun={["entry", "entries"]}
        empty="Nothing has been logged that matches."
        minWidth={900}
        captionId="activity-caption"
        head={["When", "Action", "By", "Concerning", "Details"]}
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

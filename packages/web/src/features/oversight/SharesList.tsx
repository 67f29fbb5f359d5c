import {
  type api,
  londonDay,
  type ResponseOf,
  SHARE_STATES,
  SHARED_CPD_CATEGORIES,
  ukDate,
} from "@cpd/contract";
import { Anchor, Badge, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { FilterForm, useFilteredPages } from "../../lib/filtered-pages";
import { PagedTable } from "../../lib/PagedTable";
import { PersonCell } from "./PersonCell";

export type Share = ResponseOf<typeof api.hideShare>;
export type ShareFilters = Partial<Record<"state" | "category" | "search", string>>;
export const PAGE_SIZE = 20;
const STATE_LABELS: Record<(typeof SHARE_STATES)[number], string> = {
  all: "All",
  visible: "Shown",
  hidden: "Hidden",
};

/** The query of a filtered page, without the empty filters. */
export const shareQuery = (f: ShareFilters) => ({
  ...(f.state && f.state !== "all" ? { state: f.state as (typeof SHARE_STATES)[number] } : {}),
  ...(f.category ? { category: f.category as (typeof SHARED_CPD_CATEGORIES)[number] } : {}),
  ...(f.search ? { search: f.search } : {}),
});

/**
 * Shared CPD as moderators and managers see it: filters, then a server-paged table with the
 * author and whether (and why) each item is hidden; `actions` adds a column of buttons.
 */
export function SharesList({
  queryKey,
  load,
  actions,
}: {
  queryKey: readonly unknown[];
  load: (page: number, filters: ShareFilters) => Promise<{ items: Share[]; total: number }>;
  actions?: (s: Share) => React.ReactNode;
}) {
  const f = useFilteredPages({
    queryKey,
    initial: { state: "all", category: "", search: "" },
    pageSize: PAGE_SIZE,
    load,
    errorTitle: "Failed to load Shared CPD",
  });
  return (
    <Stack gap="md">
      <FilterForm onApply={f.apply}>
        <Select
          label="Shown or hidden"
          data={SHARE_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
          {...f.choice("state")}
          w={160}
        />
        <Select
          label="Category"
          data={[{ value: "", label: "All categories" }, ...SHARED_CPD_CATEGORIES]}
          {...f.choice("category")}
          w={240}
        />
        <TextInput
          label="Search"
          description="Title, description or author's email"
          maxLength={200}
          {...f.field("search")}
        />
      </FilterForm>
      <PagedTable
        {...f.paging}
        noun={["shared item", "shared items"]}
        empty="Nothing shared matches."
        minWidth={actions ? 980 : 820}
        captionId="shares-caption"
        head={[
          "Shared CPD",
          "Author",
          "Category",
          "Shared",
          "Upvotes",
          "Status",
          ...(actions ? ["Actions"] : []),
        ]}
        row={(s) => (
          <Table.Tr key={s.id}>
            <Table.Td maw={320}>
              <Anchor href={s.websiteUrl} target="_blank" rel="noopener noreferrer" fw={600}>
                {s.title}
              </Anchor>
              <Text fz="sm" lineClamp={2}>
                {s.description}
              </Text>
            </Table.Td>
            <PersonCell name={s.author.name} email={s.author.email} organisation={s.organisation} />
            <Table.Td>{s.category}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{ukDate(londonDay(s.createdAt))}</Table.Td>
            <Table.Td>{s.upvotes}</Table.Td>
            <Table.Td>
              {s.hidden ? (
                <>
                  <Badge color="#9c3d00" variant="filled">
                    Hidden
                  </Badge>
                  <Text fz="xs">
                    {s.hidden.reason}
                    {s.hidden.by ? ` (${s.hidden.by})` : ""}
                  </Text>
                </>
              ) : (
                <Badge color="#1e6b30" variant="filled">
                  Shown
                </Badge>
              )}
            </Table.Td>
            {actions && <Table.Td>{actions(s)}</Table.Td>}
          </Table.Tr>
        )}
      />
    </Stack>
  );
}

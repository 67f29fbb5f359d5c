import { type api, londonDay, type ResponseOf, SHARE_STATES, SHARED_CPD_CATEGORIES } from "@cpd/contract";
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate } from "../../lib/dates";
import { PagedTable } from "../../lib/PagedTable";

export type Share = ResponseOf<typeof api.hideShare>;
export interface ShareFilters {
  state: (typeof SHARE_STATES)[number];
  category: string;
  search: string;
}
export const PAGE_SIZE = 20;
const STATE_LABELS: Record<ShareFilters["state"], string> = {
  all: "All",
  visible: "Shown",
  hidden: "Hidden",
};

/** The query of a filtered page, without the empty filters. */
export const shareQuery = (f: ShareFilters) => ({
  ...(f.state !== "all" ? { state: f.state } : {}),
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
  const [filters, setFilters] = useState<ShareFilters>({ state: "all", category: "", search: "" });
  const [applied, setApplied] = useState(filters);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...queryKey, applied, page],
    queryFn: () => load(page, applied),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Failed to load Shared CPD" },
  });
  return (
    <Stack gap="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setApplied({ ...filters, search: filters.search.trim() });
          setPage(1);
        }}
      >
        <Group align="flex-end">
          <Select
            label="Shown or hidden"
            data={SHARE_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
            value={filters.state}
            allowDeselect={false}
            onChange={(v) => setFilters({ ...filters, state: (v ?? "all") as ShareFilters["state"] })}
            w={160}
          />
          <Select
            label="Category"
            data={[{ value: "", label: "All categories" }, ...SHARED_CPD_CATEGORIES]}
            value={filters.category}
            allowDeselect={false}
            onChange={(v) => setFilters({ ...filters, category: v ?? "" })}
            w={240}
          />
          <TextInput
            label="Search"
            description="Title, description or author's email"
            value={filters.search}
            maxLength={200}
            onChange={(e) => setFilters({ ...filters, search: e.currentTarget.value })}
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
        noun={["shared item", "shared items"]}
        empty="Nothing shared matches."
        minWidth={actions ? 980 : 820}
        captionId="shares-caption"
        head={
          <>
            <Table.Th>Shared CPD</Table.Th>
            <Table.Th>Author</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Shared</Table.Th>
            <Table.Th>Upvotes</Table.Th>
            <Table.Th>Status</Table.Th>
            {actions && <Table.Th>Actions</Table.Th>}
          </>
        }
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
            <Table.Td miw={180}>
              {s.author.name || s.author.email}
              <Text fz="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {s.author.email}
                {s.organisation ? `, ${s.organisation}` : ""}
              </Text>
            </Table.Td>
            <Table.Td>{s.category}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(londonDay(s.createdAt))}</Table.Td>
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

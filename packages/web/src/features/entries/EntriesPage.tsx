import {
  api,
  ENTRY_TYPES,
  IDENTIFIER_FINDING_MESSAGES,
  ENTRY_TYPE_LABELS as TYPE_LABELS,
  ukDate,
} from "@cpd/contract";
import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { call } from "../../lib/api-client";
import { FilterPanel } from "../../lib/FilterPanel";
import { notifyError, notifySuccess } from "../../lib/notify";
import { ItemCard, PagedTable } from "../../lib/PagedTable";
import { useIsUserBasic } from "../../lib/permissions";
import { SortHeaders } from "../../lib/SortHeader";
import { usePageTitle } from "../../lib/use-page-title";
import { ENTRIES_TOUR, GuidedTour } from "../dashboard";
import { useUserFeature } from "../shell";
import { CountsTowardsFilter } from "./CountsTowardsFilter";
import {
  COMPLETENESS_LABELS,
  completenessText,
  dateRangeText,
  type EntrySort,
  type ListState,
  parseListState,
  toSearchParams,
} from "./list-params";
import { PdfPreviewModal } from "./PdfPreviewModal";
import { type EntryRow, PAGE_SIZE, useDeleteEntry, useEntries, useStopSharing } from "./queries";
import { ShareModal, type ShareSource } from "./ShareModal";

// Darker than Mantine's green, yellow and red so the text keeps 4.5:1 on white and striped rows.
const COMPLETENESS_COLOURS: Record<number, string> = { 1: "#1e6b30", 2: "#7a4300", 3: "#a51d1d" };

const COLUMNS = [
  ["Date", "date"],
  ["Title", "title"],
  ["Type", "type"],
  ["Category", "category"],
  ["Hours", "hours"],
  ["CPD Health Check", "completeness"],
] as const;

const options = (values: (string | number)[]) => values.map((v) => ({ value: String(v), label: String(v) }));

export default function EntriesPage() {
  usePageTitle("Entries");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params), [params]);
  const [search, setSearch] = useState(state.search);
  const entries = useEntries(state);
  const canEdit = useIsUserBasic();
  const canShare = useUserFeature("SharedCPD");
  const showPercent = useUserFeature("FormPercentages");
  const [preview, setPreview] = useState<{ id: string; title: string } | null>(null);
  const [shareSource, setShareSource] = useState<ShareSource | null>(null);

  // Every change builds on the filters this render shows, so that render must be the URL's:
  // the router changes the URL at once but re-renders in a transition, and a click landing in
  // between used to build on the old filters (picking a Type dropped the search). flushSync
  // renders each change before the next event. The search typed but not yet sent goes too.
  const update = (patch: Partial<ListState>) => {
    debouncedSearch.cancel();
    const next = { ...state, search, page: 1, ...patch };
    setParams(toSearchParams(next), { replace: true, flushSync: true });
  };
  const debouncedSearch = useDebouncedCallback((v: string) => update({ search: v }), 400);

  const remove = useDeleteEntry({ onSuccess: () => notifySuccess("Deleted Successfully") });
  const stopSharing = useStopSharing({ onSuccess: () => notifySuccess("Stopped Sharing") });

  async function openShare(row: EntryRow) {
    try {
      const form = await qc.fetchQuery({
        queryKey: ["form", "entry", row.id],
        queryFn: () => call(api.entryForm, { params: { id: row.id } }),
      });
      const value = (id: string) => {
        const v = form.pages.flatMap((p) => p.items).find((i) => i.identifier === id)?.value;
        return typeof v === "string" ? v : "";
      };
      setShareSource({
        id: row.id,
        title: value("Field222") || row.title,
        category: value("Field116") || row.category,
        description: value("Field113"),
        websiteUrl: value("Field219"),
      });
    } catch (e) {
      notifyError("Failed to load entry", e);
    }
  }

  function confirmDelete(row: EntryRow) {
    modals.openConfirmModal({
      title: "Delete entry",
      children: (
        <Text>
          Are you sure you want to delete “{row.title || "Untitled"}”? This cannot be undone. Its evidence
          files stay in My Files.
        </Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "#a51d1d" },
      onConfirm: () => remove.mutate(row.id),
    });
  }

  const sort = (s: EntrySort) =>
    update({ sortBy: s, sortDesc: state.sortBy === s ? !state.sortDesc : s === "date", page: state.page });

  const data = entries.data;
  // What narrows the list (sorting and paging do not); a period from a dashboard link counts once.
  const activeFilters = [
    state.search,
    state.year,
    state.tag,
    state.type,
    state.governingBody,
    state.category,
    state.completeness,
    state.from || state.to,
    state.countsTowards,
  ].filter(Boolean).length;
  const range = dateRangeText(state.from, state.to);

  const editPath = (row: EntryRow) => `/edit/${row.type.toLowerCase()}/${row.id}`;

  // Shared by the table's rows and the phone's cards.
  const badges = (row: EntryRow) => (
    <>
      {row.tags.length > 0 && (
        <Group gap={4} mt={4}>
          {row.tags.map((t) => (
            <Badge key={t} variant="outline" color="gray.8" size="sm" tt="none" maw="100%">
              {t}
            </Badge>
          ))}
        </Group>
      )}
      {row.shareId && (
        <Badge mt={4} size="sm" color="teal.9" variant="filled" tt="none">
          Shared
        </Badge>
      )}
      {/* Unresolved patient-identifier findings as of the last save (REQ-IDENT-02). */}
      {row.unresolvedFindings > 0 && (
        <Badge mt={4} size="sm" color="red.9" variant="outline" tt="none" maw="100%">
          {IDENTIFIER_FINDING_MESSAGES.unresolvedCount(row.unresolvedFindings)}
        </Badge>
      )}
    </>
  );

  const health = (row: EntryRow, prefix = "") => (
    <Text fz="sm" c={COMPLETENESS_COLOURS[row.completeness]} fw={600}>
      {prefix}
      {completenessText(row.completeness, row.completenessPercentage, showPercent)}
    </Text>
  );

  /** A filter over the values the list offers (or, until it has loaded, the one the URL holds). */
  const textFilter = (
    label: string,
    placeholder: string,
    key: "tag" | "governingBody" | "category",
    values: string[] | undefined,
  ) => (
    <Select
      label={label}
      placeholder={placeholder}
      clearable
      data={options(values ?? (state[key] ? [state[key]] : []))}
      value={state[key]}
      onChange={(v) => update({ [key]: v })}
    />
  );

  const actions = (row: EntryRow, title: string) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* Never squeezed by a long title beside it (a card on a phone). */}
        <Button variant="default" size="xs" aria-label={`Actions for ${title}`} style={{ flexShrink: 0 }}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => setPreview({ id: row.id, title })}>Preview</Menu.Item>
        {canEdit && <Menu.Item onClick={() => navigate(editPath(row))}>Edit</Menu.Item>}
        {canShare && row.type === "diary" && !row.shareId && (
          <Menu.Item onClick={() => openShare(row)}>Share</Menu.Item>
        )}
        {row.shareId && (
          <Menu.Item onClick={() => row.shareId && stopSharing.mutate(row.shareId)}>Stop sharing</Menu.Item>
        )}
        {canEdit && (
          <Menu.Item color="#a51d1d" onClick={() => confirmDelete(row)}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );

  /** The filters, with the panel's clear button (when any filter is set) at the end of the grid. */
  const filters = (clear: ReactNode) => (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <TextInput
        label="Search"
        placeholder="Search your entries"
        type="search"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          debouncedSearch(e.currentTarget.value);
        }}
      />
      <Select
        label="Year"
        placeholder="All years"
        clearable
        data={options(data?.years ?? (state.year ? [state.year] : []))}
        value={state.year ? String(state.year) : null}
        onChange={(v) => update({ year: v ? Number(v) : null })}
      />
      {/* "Entry tag" and "Entry type": the bare words also name a column's sort button and tag badges. */}
      {textFilter("Entry tag", "All tags", "tag", data?.tags)}
      <Select
        label="Entry type"
        placeholder="All types"
        clearable
        data={ENTRY_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        value={state.type}
        onChange={(v) => update({ type: (v as ListState["type"]) ?? null })}
      />
      {textFilter("Governing body", "All governing bodies", "governingBody", data?.governingBodies)}
      {textFilter("Category", "All categories", "category", data?.categories)}
      <Select
        label="CPD Health Check"
        placeholder="All"
        clearable
        data={([1, 2, 3] as const).map((c) => ({ value: String(c), label: COMPLETENESS_LABELS[c] }))}
        value={state.completeness ? String(state.completeness) : null}
        onChange={(v) => update({ completeness: v ? (Number(v) as 1 | 2 | 3) : null })}
      />
      {clear && <Box mt={25}>{clear}</Box>}
    </SimpleGrid>
  );

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Summary of all your CPD Activities</Title>
        <Group gap="xs">
          <GuidedTour steps={ENTRIES_TOUR} />
          <Button component={Link} to="/create/diary" data-tour="entries-new">
            New diary entry
          </Button>
        </Group>
      </Group>

      <div data-tour="entries-filters">
        <FilterPanel
          active={activeFilters}
          onClear={() => {
            setSearch("");
            setParams(new URLSearchParams(), { replace: true });
          }}
          note={
            <>
              {range && (
                <Text fz="sm" mt="sm" data-testid="entries-range">
                  {range}
                </Text>
              )}
              {state.countsTowards && (
                <CountsTowardsFilter
                  value={state.countsTowards}
                  onRemove={() => update({ countsTowards: null })}
                />
              )}
            </>
          }
        >
          {filters}
        </FilterPanel>
      </div>

      <div data-tour="entries-list">
        <PagedTable
          list={entries}
          pageSize={PAGE_SIZE}
          page={state.page}
          onPage={(page) => update({ page })}
          steps
          noun={["entry", "entries"]}
          empty="No entries found"
          minWidth={760}
          captionId="entries-table-caption"
          highlightOnHover
          head={
            <>
              <SortHeaders columns={COLUMNS} state={state} onSort={sort} />
              <Table.Th>Actions</Table.Th>
            </>
          }
          row={(row) => {
            const title = row.title || "Untitled";
            return (
              <Table.Tr key={row.id}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{ukDate(row.date) || "No date"}</Table.Td>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {title}
                  </Text>
                  {badges(row)}
                </Table.Td>
                <Table.Td>{TYPE_LABELS[row.type]}</Table.Td>
                <Table.Td>{row.category ?? ""}</Table.Td>
                <Table.Td>{row.hours ?? ""}</Table.Td>
                <Table.Td>{health(row)}</Table.Td>
                <Table.Td>{actions(row, title)}</Table.Td>
              </Table.Tr>
            );
          }}
          card={(row) => {
            const title = row.title || "Untitled";
            const facts = [ukDate(row.date) || "No date", TYPE_LABELS[row.type]];
            if (row.hours !== null) facts.push(`${row.hours} ${row.hours === 1 ? "hour" : "hours"}`);
            return (
              <ItemCard key={row.id}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={2} miw={0}>
                    {canEdit ? (
                      <Anchor
                        component={Link}
                        to={editPath(row)}
                        fw={600}
                        style={{ overflowWrap: "anywhere" }}
                      >
                        {title}
                      </Anchor>
                    ) : (
                      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                        {title}
                      </Text>
                    )}
                    <Text fz="sm">{facts.join(", ")}</Text>
                    {row.category && <Text fz="sm">{row.category}</Text>}
                    {health(row, "CPD Health Check: ")}
                  </Stack>
                  {actions(row, title)}
                </Group>
                {badges(row)}
              </ItemCard>
            );
          }}
        />
      </div>
      <Text fz="sm">
        Looking for files?{" "}
        <Anchor component={Link} to="/files">
          Go to My Files
        </Anchor>
        .
      </Text>

      <PdfPreviewModal entry={preview} onClose={() => setPreview(null)} />
      <ShareModal source={shareSource} onClose={() => setShareSource(null)} />
    </Stack>
  );
}

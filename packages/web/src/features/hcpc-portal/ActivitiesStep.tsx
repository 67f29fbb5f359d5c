import {
  api,
  type DatedActivity,
  ENTRY_TYPE_LABELS,
  type EntryType,
  findCpdGap,
  HCPC,
  HCPC_ENTRY_COUNT_MESSAGE,
  type ResponseOf,
  ukDate,
} from "@cpd/contract";
import { Button, Checkbox, Group, Stack, Table, Text } from "@mantine/core";
import { buildUrl } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { showGapToast } from "./gap-toast";
import { dispatchPortal } from "./portal-store";
import { useHcpcEntries } from "./queries";
import { CompleteToggle, CountWarning, SelectAllHeader } from "./StepParts";

type Entry = ResponseOf<typeof api.hcpcEntries>["items"][number];

const hours = (h: number | null) => (h === null ? "" : `${h} ${h === 1 ? "hour" : "hours"}`);
const typeName = (t: string) => ENTRY_TYPE_LABELS[t as EntryType] ?? t;

/** The selected activities as lines to paste into the HCPC website. */
function activitiesText(entries: Entry[]): string {
  return entries
    .map((e) => {
      const extra = [typeName(e.type), hours(e.hours)].filter(Boolean).join(", ");
      return `${ukDate(e.date) || "No date"} - ${e.title}${extra ? ` (${extra})` : ""}`;
    })
    .join("\n");
}

function countWarning(n: number): string | null {
  if (n < HCPC.minEntries)
    return `You have selected ${n}: fewer than ${HCPC.minEntries}. ${HCPC_ENTRY_COUNT_MESSAGE}`;
  if (n > HCPC.maxEntries)
    return `You have selected ${n}: more than ${HCPC.maxEntries}. ${HCPC_ENTRY_COUNT_MESSAGE}`;
  return null;
}

export function ActivitiesStep({
  token,
  selected,
  done,
}: {
  token: string;
  selected: string[];
  done: boolean;
}) {
  const entries = useHcpcEntries(token);
  const items = entries.data?.items ?? [];
  const chosen = new Set(selected);
  const picked = items.filter((e) => chosen.has(e.id));
  const set = (ids: string[]) => dispatchPortal({ type: "entries", ids });
  const toggle = (id: string, on: boolean) => set(on ? [...selected, id] : selected.filter((x) => x !== id));

  function createPdf() {
    const dated = picked.filter((e): e is Entry & { date: string } => e.date !== null);
    const gap = findCpdGap(dated.map((e): DatedActivity => ({ id: e.id, title: e.title, date: e.date })));
    if (gap) return showGapToast(gap);
    const url = buildUrl(
      api.hcpcEntriesPdf.path,
      { id: token },
      { entryId: picked.map((e) => e.id), download: true },
    );
    window.open(url, "_blank", "noopener");
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(activitiesText(picked));
      notifySuccess("Copied", "Paste the activities into the HCPC website.");
    } catch {
      notifyError("Failed to copy");
    }
  }

  if (entries.isLoading) return <Spinner label="Loading your activities" />;
  if (entries.isError) return <Text>Your activities could not be loaded. Please refresh the page.</Text>;
  const warning = countWarning(picked.length);
  return (
    <Stack gap="md">
      <Text>
        Choose {HCPC.minEntries} to {HCPC.maxEntries} activities from your last two years of CPD, with no gap
        of {HCPC.gapMonths} months or more between them.
      </Text>
      <Text role="status" fw={600}>
        {picked.length} of {items.length} activities selected
      </Text>
      {warning && <CountWarning title="Check the number of activities">{warning}</CountWarning>}
      {items.length === 0 ? (
        <Text>No entries in this portal's date range.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Caption>Your entries in the portal's date range</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <SelectAllHeader
                  label="Select all activities"
                  picked={picked.length}
                  total={items.length}
                  onChange={(all) => set(all ? items.map((i) => i.id) : [])}
                />
                <Table.Th>Date</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Hours</Table.Th>
                <Table.Th>Evidence</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${e.title}`}
                      checked={chosen.has(e.id)}
                      onChange={(ev) => toggle(e.id, ev.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>{ukDate(e.date)}</Table.Td>
                  <Table.Td>{e.title}</Table.Td>
                  <Table.Td>{typeName(e.type)}</Table.Td>
                  <Table.Td>{e.hours ?? ""}</Table.Td>
                  <Table.Td>{e.evidenceCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group gap="sm">
        <Button onClick={createPdf} disabled={picked.length === 0}>
          Create PDF
        </Button>
        <Button variant="default" onClick={copy} disabled={picked.length === 0}>
          Copy activities
        </Button>
      </Group>
      <CompleteToggle step="activities" done={done} />
    </Stack>
  );
}

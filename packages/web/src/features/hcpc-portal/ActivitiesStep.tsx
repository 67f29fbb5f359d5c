import {
  api,
  type CpdGap,
  type DatedActivity,
  ENTRY_TYPE_LABELS,
  type EntryType,
  findCpdGaps,
  gapKey,
  HCPC,
  HCPC_ENTRY_COUNT_MESSAGE,
  type ResponseOf,
  ukDate,
} from "@cpd/contract";
import { Button, Checkbox, Group, Stack, Table, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { downloadWithSession } from "../../lib/download";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { showGapToast } from "./gap-toast";
import { dispatchPortal } from "./portal-store";
import { useHcpcEntries, useHcpcGaps, useSaveGaps } from "./queries";
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

// The count only warns: the PDF can still be made (ADR 0027).
function countWarning(n: number): string | null {
  if (n < HCPC.minEntries)
    return `You have selected ${n}: fewer than ${HCPC.minEntries}. ${HCPC_ENTRY_COUNT_MESSAGE} You can still create the PDF.`;
  if (n > HCPC.maxEntries)
    return `You have selected ${n}: more than ${HCPC.maxEntries}. ${HCPC_ENTRY_COUNT_MESSAGE} You can still create the PDF.`;
  return null;
}

/** The downloaded file's name (the server names it with the range when the PDF is opened directly). */
const PDF_NAME = "HCPC CPD audit.pdf";

const gapOf = (g: CpdGap) => gapKey({ from: g.from.date, to: g.to.date });

/**
 * A text box for each gap of 3 months or more between the selected activities: HCPC asks for an
 * explanation, and the PDF is made once each is saved (ADR 0027). Saving keeps the explanations of
 * gaps not selected now.
 */
function GapExplanations({ token, gaps }: { token: string; gaps: CpdGap[] }) {
  const saved = useHcpcGaps(token);
  const save = useSaveGaps(token);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  if (gaps.length === 0) return null;
  const stored = new Map((saved.data?.gaps ?? []).map((g) => [gapKey(g), g.explanation]));
  const value = (g: CpdGap) => drafts[gapOf(g)] ?? stored.get(gapOf(g)) ?? "";
  function onSave() {
    const current = new Set(gaps.map(gapOf));
    const kept = (saved.data?.gaps ?? []).filter((g) => !current.has(gapKey(g)));
    const now = gaps
      .map((g) => ({ from: g.from.date, to: g.to.date, explanation: value(g).trim() }))
      .filter((g) => g.explanation);
    save.mutate(
      { gaps: [...kept, ...now] },
      {
        onSuccess: () => {
          setDrafts({});
          notifySuccess("Explanations saved");
        },
      },
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="gap-heading">
      <Title order={3} id="gap-heading" fz="h4">
        Explain the gaps in your CPD
      </Title>
      <Text fz="sm">
        HCPC asks you to explain any gap of {HCPC.gapMonths} months or more between your activities (for
        example parental leave or illness). Each explanation is printed in the PDF's list of activities.
      </Text>
      {gaps.map((g) => (
        <Textarea
          key={gapOf(g)}
          label={`Gap from ${ukDate(g.from.date)} (${g.from.title}) to ${ukDate(g.to.date)} (${g.to.title})`}
          value={value(g)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setDrafts((d) => ({ ...d, [gapOf(g)]: v }));
          }}
          autosize
          minRows={2}
          maxLength={HCPC.gapExplanationMaxLength}
          required
          disabled={saved.isLoading}
        />
      ))}
      <Group>
        <Button variant="default" onClick={onSave} loading={save.isPending} disabled={saved.isLoading}>
          Save explanations
        </Button>
      </Group>
    </Stack>
  );
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
  const savedGaps = useHcpcGaps(token);
  const dated = picked.filter((e): e is Entry & { date: string } => e.date !== null);
  const gaps = findCpdGaps(dated.map((e): DatedActivity => ({ id: e.id, title: e.title, date: e.date })));

  async function createPdf() {
    // The server refuses until each gap's explanation is saved: name the first one missing.
    const explained = new Set((savedGaps.data?.gaps ?? []).map(gapKey));
    const gap = gaps.find((g) => !explained.has(gapOf(g)));
    if (gap) return showGapToast(gap);
    // Fetched rather than opened, so a refusal (a patient identifier in a selected entry, ADR 0029)
    // is shown here with the entries it names instead of in a new tab.
    try {
      await downloadWithSession(api.hcpcEntriesPdf, { id: token }, PDF_NAME, {
        query: { entryId: picked.map((e) => e.id), download: true },
      });
    } catch (err) {
      notifyError("Failed to create the PDF", err);
    }
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
        Choose your activities from your last two years of CPD: HCPC asks you to aim for {HCPC.minEntries} to{" "}
        {HCPC.maxEntries}, and to explain any gap of {HCPC.gapMonths} months or more between them.
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
      <GapExplanations token={token} gaps={gaps} />
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

import { api, HCPC, HCPC_EVIDENCE_COUNT_MESSAGE } from "@cpd/contract";
import { Button, Checkbox, Stack, Table, Text } from "@mantine/core";
import { useEffect } from "react";
import { buildUrl } from "../../lib/api-client";
import { Spinner } from "../../lib/Spinner";
import { dispatchPortal } from "./portal-store";
import { useHcpcEvidence } from "./queries";
import { CompleteToggle, CountWarning, SelectAllHeader } from "./StepParts";

function evidenceWarning(n: number): string | null {
  if (n < HCPC.minEvidence) return `Fewer than ${HCPC.minEvidence} selected. ${HCPC_EVIDENCE_COUNT_MESSAGE}`;
  if (n > HCPC.maxEvidence) return `More than ${HCPC.maxEvidence} selected. ${HCPC_EVIDENCE_COUNT_MESSAGE}`;
  return null;
}

const size = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function EvidenceStep({
  token,
  entries,
  selected,
  done,
}: {
  token: string;
  entries: string[];
  selected: string[];
  done: boolean;
}) {
  const evidence = useHcpcEvidence(token, entries);
  const items = evidence.data?.items ?? [];
  const chosen = new Set(selected);
  const set = (ids: string[]) => dispatchPortal({ type: "evidence", ids });
  // Evidence of activities no longer selected drops out of the selection once the list is known.
  const ready = entries.length === 0 || (evidence.isSuccess && !evidence.isFetching);
  const available = entries.length === 0 ? [] : items.map((i) => i.id);
  const kept = selected.filter((id) => available.includes(id)).join("\n");
  useEffect(() => {
    if (ready) dispatchPortal({ type: "evidence", ids: kept ? kept.split("\n") : [] });
  }, [ready, kept]);

  if (entries.length === 0) {
    return (
      <Stack gap="md">
        <Text>Select activities first: their evidence is listed here.</Text>
        <CompleteToggle step="evidence" done={done} />
      </Stack>
    );
  }
  if (evidence.isLoading) return <Spinner label="Loading your evidence" />;
  if (evidence.isError) return <Text>Your evidence could not be loaded. Please refresh the page.</Text>;
  const picked = items.filter((i) => chosen.has(i.id)).length;
  const warning = evidenceWarning(picked);
  return (
    <Stack gap="md">
      <Text>
        Choose {HCPC.minEvidence} to {HCPC.maxEvidence} pieces of evidence from your selected activities, then
        download them to send with your profile.
      </Text>
      <Text role="status" fw={600}>
        {picked} of {items.length} pieces of evidence selected
      </Text>
      {warning && <CountWarning title="Check the amount of evidence">{warning}</CountWarning>}
      {items.length === 0 ? (
        <Text>Your selected activities have no evidence attached.</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped>
            <Table.Caption>Evidence of your selected activities</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <SelectAllHeader
                  label="Select all evidence"
                  picked={picked}
                  total={items.length}
                  onChange={(all) => set(all ? items.map((i) => i.id) : [])}
                />
                <Table.Th>File</Table.Th>
                <Table.Th>Activity</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Download</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((f) => {
                const on = chosen.has(f.id);
                return (
                  <Table.Tr key={f.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${f.name}`}
                        checked={on}
                        onChange={(e) =>
                          set(
                            e.currentTarget.checked
                              ? [...selected, f.id]
                              : selected.filter((x) => x !== f.id),
                          )
                        }
                      />
                    </Table.Td>
                    <Table.Td>{f.name}</Table.Td>
                    <Table.Td>{f.entryTitle}</Table.Td>
                    <Table.Td>{size(f.size)}</Table.Td>
                    <Table.Td>
                      {on ? (
                        <Button
                          size="xs"
                          variant="default"
                          component="a"
                          href={buildUrl(
                            api.hcpcEvidenceItem.path,
                            { id: token, evidenceId: f.id },
                            { download: true },
                          )}
                          download
                          aria-label={`Download ${f.name}`}
                        >
                          Download
                        </Button>
                      ) : (
                        <Button
                          size="xs"
                          variant="default"
                          disabled
                          aria-label={`Download ${f.name} (select it first)`}
                        >
                          Download
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CompleteToggle step="evidence" done={done} />
    </Stack>
  );
}

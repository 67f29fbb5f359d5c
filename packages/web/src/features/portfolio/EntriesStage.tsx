import { ukDate } from "@cpd/contract";
import { Button, Checkbox, Group, Stack, Text } from "@mantine/core";
import { bareList } from "../../lib/bare-list";
import type { BuilderEntry } from "./builder-model";

interface Props {
  kind: "diary" | "reflective";
  entries: BuilderEntry[];
  excluded: ReadonlySet<string>;
  excludedEvidence: ReadonlySet<string>;
  setExcluded: (ids: string[], out: boolean) => void;
  setEvidenceExcluded: (id: string, out: boolean) => void;
}

/** One list of entries (diary or reflective), each selectable; diary evidence selectable too (REQ-PORT-02). */
export function EntriesStage({
  kind,
  entries,
  excluded,
  excludedEvidence,
  setExcluded,
  setEvidenceExcluded,
}: Props) {
  const noun = kind === "diary" ? "diary entries" : "reflective entries";
  const chosen = entries.filter((e) => !excluded.has(e.id)).length;
  const ids = entries.map((e) => e.id);
  if (entries.length === 0) {
    return <Text>No {noun} in this date range with these tags.</Text>;
  }
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Button variant="default" size="sm" onClick={() => setExcluded(ids, false)}>
          Select all
        </Button>
        <Button variant="default" size="sm" onClick={() => setExcluded(ids, true)}>
          Deselect all
        </Button>
        <Text role="status">
          {chosen} of {entries.length} {noun} selected
        </Text>
      </Group>
      <Stack gap="sm" {...bareList} aria-label={`Your ${noun}`}>
        {entries.map((e) => {
          const on = !excluded.has(e.id);
          return (
            <li key={e.id}>
              <Checkbox
                checked={on}
                onChange={(ev) => setExcluded([e.id], !ev.currentTarget.checked)}
                label={e.title || "Untitled"}
                description={[ukDate(e.date), e.tags.join(", ")].filter(Boolean).join(" · ")}
              />
              {kind === "diary" && e.evidence.length > 0 && (
                <Stack
                  component="ul"
                  gap={6}
                  mt={6}
                  ml={32}
                  p={0}
                  style={{ listStyle: "none" }}
                  aria-label={`Evidence of ${e.title || "Untitled"}`}
                >
                  {e.evidence.map((f) => (
                    <li key={f.id}>
                      <Checkbox
                        size="xs"
                        disabled={!on}
                        checked={on && !excludedEvidence.has(f.id)}
                        onChange={(ev) => setEvidenceExcluded(f.id, !ev.currentTarget.checked)}
                        label={`Evidence: ${f.name}`}
                      />
                    </li>
                  ))}
                </Stack>
              )}
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}

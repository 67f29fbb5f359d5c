import { CPD_METHODS, type EntryRevalidation, REVALIDATION } from "@cpd/contract";
import { Checkbox, Group, MultiSelect, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { SectionCard } from "../../lib/SectionCard";
import { useEntryRevalidation, usePacks, useRevalidationProgress, useSaveEntryRevalidation } from "./queries";

/** The metrics that read an entry's revalidation tags; the card shows only when a pack counts one. */
const TAGGED_METRICS = new Set(["participatoryHours", "verifiableHours", "plannedRecords", "themesCovered"]);

const EMPTY: EntryRevalidation = {
  participatory: false,
  planned: false,
  verifiable: false,
  method: null,
  themes: [],
};

const same = (a: EntryRevalidation, b: EntryRevalidation) =>
  a.participatory === b.participatory &&
  a.planned === b.planned &&
  a.verifiable === b.verifiable &&
  a.method === b.method &&
  a.themes.join("\n") === b.themes.join("\n");

/**
 * What a diary entry counts for the user's regulators (participatory, planned, verifiable, method,
 * themes). A new entry's choices are stored right after its first save, which gives it an id; after
 * that each choice is saved as it is made, one save at a time (the latest choice wins), so nothing
 * chosen after the entry's autosave is lost when the user leaves with the entry's own Save.
 */
export function EntryRevalidationCard({ entryId, editable }: { entryId: string | null; editable: boolean }) {
  const progress = useRevalidationProgress({ quiet: true });
  const items = progress.data?.items ?? [];
  const packs = usePacks(items.length > 0);
  const stored = useEntryRevalidation(items.length > 0 ? entryId : null);
  const save = useSaveEntryRevalidation();
  const [value, setValue] = useState<EntryRevalidation>(EMPTY);
  const loadedFor = useRef<string | null>(null);
  const pendingNew = useRef(false);
  const latest = useRef<EntryRevalidation>(EMPTY);
  const saving = useRef(false);

  // Save the latest choice; a choice made while a save is on its way is saved when it returns.
  const flush = (id: string) => {
    if (saving.current) return;
    const body = latest.current;
    saving.current = true;
    save.mutate(
      { id, body },
      {
        onSettled: (_answer, error) => {
          saving.current = false;
          if (!error && !same(latest.current, body)) flush(id);
        },
      },
    );
  };

  const packIds = new Set(items.map((p) => p.pack.id));
  const themes = [
    ...new Set((packs.data?.items ?? []).filter((p) => packIds.has(p.id)).flatMap((p) => p.themes)),
  ];
  const counts =
    items.some((p) => p.requirements.some((r) => TAGGED_METRICS.has(r.metric))) || themes.length > 0;

  // Start from what is stored, once per entry (a refetch does not overwrite choices being made).
  useEffect(() => {
    if (entryId && stored.data && loadedFor.current !== entryId && !pendingNew.current) {
      loadedFor.current = entryId;
      latest.current = stored.data;
      setValue(stored.data);
    }
  }, [entryId, stored.data]);

  // The entry has just been created: store the choices made before it had an id.
  useEffect(() => {
    if (entryId && pendingNew.current) {
      pendingNew.current = false;
      loadedFor.current = entryId;
      save.mutate({ id: entryId, body: value });
    }
  }, [entryId, save, value]);

  if (!counts) return null;
  const dirty = entryId ? !stored.data || !same(value, stored.data) : !same(value, EMPTY);
  const change = (patch: Partial<EntryRevalidation>) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setValue(next);
    if (entryId) flush(entryId);
    else pendingNew.current = true;
  };

  return (
    <SectionCard title="Revalidation">
      <Stack gap="sm">
        <Text fz="sm">What this activity counts towards your revalidation.</Text>
        <Group gap="lg">
          <Checkbox
            label="Participatory (with other people)"
            checked={value.participatory}
            disabled={!editable}
            onChange={(e) => change({ participatory: e.currentTarget.checked })}
          />
          <Checkbox
            label="Planned in advance"
            checked={value.planned}
            disabled={!editable}
            onChange={(e) => change({ planned: e.currentTarget.checked })}
          />
          <Checkbox
            label="Verifiable (with evidence)"
            checked={value.verifiable}
            disabled={!editable}
            onChange={(e) => change({ verifiable: e.currentTarget.checked })}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Method"
            placeholder="Choose how it was done"
            clearable
            clearButtonProps={{ "aria-label": "Clear the method" }}
            data={CPD_METHODS.map((m) => ({ value: m, label: m[0]?.toUpperCase() + m.slice(1) }))}
            value={value.method}
            disabled={!editable}
            onChange={(v) => change({ method: (v as EntryRevalidation["method"]) ?? null })}
          />
          {themes.length > 0 && (
            <MultiSelect
              label="Themes or standards"
              data={[...new Set([...themes, ...value.themes])]}
              value={value.themes}
              searchable
              maxValues={REVALIDATION.maxThemes}
              disabled={!editable}
              onChange={(v) => change({ themes: v })}
            />
          )}
        </SimpleGrid>
        {editable && (
          <Text fz="sm" c="dimmed" ta="right" role="status">
            {!entryId
              ? "Saved with the entry."
              : save.isPending || (stored.data && dirty)
                ? "Saving…"
                : save.isError
                  ? "Not saved: change a choice to try again."
                  : "Saved as you choose."}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}

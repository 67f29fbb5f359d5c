import { ORGANISATION_LIMITS } from "@cpd/contract";
import { Button, Group, Pill, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { errorMessage } from "../../lib/error-messages";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../../lib/SectionCard";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { useOrganisationList, useSaveOrganisationList } from "./queries";

type List = { tags: string[] };

/** One of the organisation's lists (tags, categories, arranged in): add and remove items, then save. */
export function ListEditor(props: {
  organisationId: number;
  list: string;
  title: string;
  help: string;
  /** What an empty list means to members. */
  emptyText?: string;
  load: () => Promise<List>;
  store: (tags: string[]) => Promise<List>;
}) {
  const { organisationId, list } = props;
  const saved = useOrganisationList(organisationId, list, props.load, props.title);
  const [items, setItems] = useState<string[]>([]);
  const [draft, setDraft] = useState("");
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    if (saved.data) setItems(saved.data.tags);
  }, [saved.data]);

  const save = useSaveOrganisationList(organisationId, list, props.store, {
    onSuccess: () => {
      setStatus(null);
      notifySuccess(`${props.title} saved`);
    },
    onError: (err) =>
      setStatus({
        tone: "error",
        title: `${props.title} not saved`,
        text: errorMessage(err) || "Unknown error",
      }),
  });

  function add(e: FormEvent) {
    e.preventDefault();
    const item = draft.trim();
    if (!item) return;
    if (items.some((i) => i.toLowerCase() === item.toLowerCase())) {
      setStatus({ tone: "error", title: "Already in the list", text: `"${item}" is already in the list.` });
      return;
    }
    setItems([...items, item]);
    setDraft("");
    setStatus(null);
  }

  const dirty = JSON.stringify(items) !== JSON.stringify(saved.data?.tags ?? []);
  const inputId = `list-${list}`;
  return (
    <SectionCard title={props.title}>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {props.help}
        </Text>
        <StatusRegion status={status} />
        {items.length === 0 ? (
          <Text fz="sm">{props.emptyText ?? "None: members see the standard list."}</Text>
        ) : (
          <Group gap="xs" aria-label={`${props.title} items`} role="list">
            {items.map((i) => (
              <Pill
                key={i}
                role="listitem"
                withRemoveButton
                removeButtonProps={{ "aria-label": `Remove ${i}` }}
                onRemove={() => setItems(items.filter((x) => x !== i))}
              >
                {i}
              </Pill>
            ))}
          </Group>
        )}
        <form onSubmit={add}>
          <Group align="flex-end" gap="xs">
            <TextInput
              id={inputId}
              label={`New item for ${props.title.toLowerCase()}`}
              maxLength={ORGANISATION_LIMITS.listItemLength}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default" disabled={items.length >= ORGANISATION_LIMITS.listItems}>
              Add
            </Button>
          </Group>
        </form>
        <Group justify="flex-end">
          <Button onClick={() => save.mutate(items)} disabled={!dirty} loading={save.isPending}>
            Save {props.title.toLowerCase()}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}

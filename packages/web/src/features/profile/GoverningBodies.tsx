import { Badge, Button, Group, MultiSelect, Text } from "@mantine/core";
import { useState } from "react";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../../lib/SectionCard";
import { useGoverningBodies, useGoverningBodyOptions, useSaveGoverningBodies } from "./queries";

/** Read view, edit view, then saved or cancelled (REQ-PROFILE-05). */
export function GoverningBodies({ canEdit }: { canEdit: boolean }) {
  const { data: bodies = [] } = useGoverningBodies();
  const [draft, setDraft] = useState<string[] | null>(null);
  const options = useGoverningBodyOptions(draft !== null);
  const save = useSaveGoverningBodies({
    onSuccess: () => {
      setDraft(null);
      notifySuccess("Governing bodies saved");
    },
  });

  return (
    <SectionCard
      title="Governing bodies"
      action={
        canEdit &&
        draft === null && (
          <Button size="xs" variant="light" onClick={() => setDraft(bodies)}>
            Edit governing bodies
          </Button>
        )
      }
    >
      {draft === null ? (
        bodies.length ? (
          <Group gap="xs">
            {bodies.map((b) => (
              <Badge key={b} variant="outline" color="blue.9">
                {b}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text c="dimmed">No governing bodies selected.</Text>
        )
      ) : (
        <>
          <MultiSelect
            label="Your governing bodies"
            data={Array.from(new Set([...(options.data ?? []), ...draft]))}
            value={draft}
            onChange={setDraft}
            searchable
            maxValues={20}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" size="xs" onClick={() => setDraft(null)}>
              Cancel
            </Button>
            <Button size="xs" onClick={() => save.mutate(draft)} loading={save.isPending}>
              Save governing bodies
            </Button>
          </Group>
        </>
      )}
    </SectionCard>
  );
}

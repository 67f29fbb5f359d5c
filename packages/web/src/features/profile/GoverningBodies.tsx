import { api } from "@cpd/contract";
import { Badge, Button, Group, MultiSelect, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { call } from "../../lib/api-client";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../../lib/SectionCard";
import { profileKeys, useGoverningBodies, useGoverningBodyOptions } from "./queries";

/** Read view, edit view, then saved or cancelled (spec 1 §2). */
export function GoverningBodies({ canEdit }: { canEdit: boolean }) {
  const qc = useQueryClient();
  const { data: bodies = [] } = useGoverningBodies();
  const [draft, setDraft] = useState<string[] | null>(null);
  const options = useGoverningBodyOptions(draft !== null);
  const save = useMutation({
    mutationFn: (list: string[]) => call(api.putGoverningBodies, { body: list }),
    meta: { errorTitle: "Failed to save governing bodies" },
    onSuccess: (saved) => {
      qc.setQueryData(profileKeys.governingBodies, saved);
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

import { api, TAG_MAX_LENGTH } from "@cpd/contract";
import { Button, Card, Group, Pill, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { call } from "../../lib/api-client";
import { profileKeys, useTags } from "./queries";
import { addTag, removeTag } from "./tag-rules";

/** Each add or remove is saved to the server at once (spec 1 §5). */
export function TagsEditor() {
  const qc = useQueryClient();
  const { data } = useTags();
  const tags = data?.tags ?? [];
  const [input, setInput] = useState("");
  const [error, setError] = useState("");
  const save = useMutation({
    mutationFn: (next: string[]) => call(api.putTags, { body: { tags: next } }),
    meta: { errorTitle: "Failed to save tags" },
    onMutate: (next) => {
      const previous = qc.getQueryData(profileKeys.tags);
      qc.setQueryData(profileKeys.tags, { tags: next });
      return { previous };
    },
    onError: (_e, _v, ctx) => qc.setQueryData(profileKeys.tags, ctx?.previous),
    onSuccess: (saved) => qc.setQueryData(profileKeys.tags, saved),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = addTag(tags, input);
    if (!result.ok) {
      setError(result.error ?? "");
      return;
    }
    setError("");
    setInput("");
    save.mutate(result.tags);
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="tags-title">
      <Title order={2} fz="h4" id="tags-title" mb="xs">
        Tags
      </Title>
      <Text fz="sm" mb="sm">
        Tags help you group and find your CPD entries.
      </Text>
      {tags.length ? (
        <Group
          gap="xs"
          mb="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label="Your tags"
        >
          {tags.map((t) => (
            <li key={t}>
              <Pill
                size="md"
                withRemoveButton
                onRemove={() => save.mutate(removeTag(tags, t))}
                removeButtonProps={{ "aria-label": `Remove tag ${t}` }}
              >
                {t}
              </Pill>
            </li>
          ))}
        </Group>
      ) : (
        <Text c="dimmed" fz="sm" mb="sm">
          You have no tags yet.
        </Text>
      )}
      <form onSubmit={submit}>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label="New tag"
            style={{ flex: 1 }}
            value={input}
            error={error || undefined}
            description={`Up to ${TAG_MAX_LENGTH} characters`}
            onChange={(e) => {
              setInput(e.currentTarget.value);
              if (error) setError("");
            }}
          />
          <Button type="submit" mt={46} loading={save.isPending}>
            Add tag
          </Button>
        </Group>
      </form>
    </Card>
  );
}

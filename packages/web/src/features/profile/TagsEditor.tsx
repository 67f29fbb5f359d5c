import { TAG_MAX_LENGTH } from "@cpd/contract";
import { Button, Card, Group, Pill, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { bareList } from "../../lib/bare-list";
import { useSaveTags, useTags } from "./queries";
import { addTag, removeTag } from "./tag-rules";

/** Each add or remove is saved to the server at once (REQ-PROFILE-04). */
export function TagsEditor() {
  const { data } = useTags();
  const save = useSaveTags();
  return (
    <TagListEditor
      tags={data?.tags ?? []}
      onSave={(next) => save.mutate(next)}
      saving={save.isPending}
      intro="Tags help you group and find your CPD entries."
    />
  );
}

/** The tag list with the rules of REQ-PROFILE-04; shared by the profile and the entry forms. */
export function TagListEditor({
  tags,
  onSave,
  saving,
  intro,
  headingId = "tags-title",
  disabled = false,
  emptyText = "You have no tags yet.",
  suggestions = [],
}: {
  tags: string[];
  onSave: (next: string[]) => void;
  saving: boolean;
  intro: string;
  headingId?: string;
  disabled?: boolean;
  emptyText?: string;
  /** Tags to add with one click (the organisation's). */
  suggestions?: string[];
}) {
  const [input, setInput] = useState("");
  const [error, setError] = useState("");
  const offered = suggestions.filter((s) => !tags.some((t) => t.toLowerCase() === s.toLowerCase()));

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = addTag(tags, input);
    if (!result.ok) {
      setError(result.error ?? "");
      return;
    }
    setError("");
    setInput("");
    onSave(result.tags);
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h4" id={headingId} mb="xs">
        Tags
      </Title>
      <Text fz="sm" mb="sm">
        {intro}
      </Text>
      {tags.length ? (
        <Group gap="xs" {...bareList} mb="sm" aria-label="Your tags">
          {tags.map((t) => (
            <li key={t}>
              <Pill
                size="md"
                withRemoveButton={!disabled}
                onRemove={() => onSave(removeTag(tags, t))}
                removeButtonProps={{ "aria-label": `Remove tag ${t}` }}
              >
                {t}
              </Pill>
            </li>
          ))}
        </Group>
      ) : (
        <Text c="dimmed" fz="sm" mb="sm">
          {emptyText}
        </Text>
      )}
      {!disabled && offered.length > 0 && (
        <Group gap="xs" mb="sm" aria-label="Your organisation's tags" role="group">
          <Text fz="sm" c="dimmed">
            Your organisation's tags:
          </Text>
          {offered.map((t) => (
            <Button
              key={t}
              size="compact-sm"
              variant="default"
              onClick={() => onSave([...tags, t])}
              aria-label={`Add tag ${t}`}
            >
              + {t}
            </Button>
          ))}
        </Group>
      )}
      {!disabled && (
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
            <Button type="submit" mt={46} loading={saving}>
              Add tag
            </Button>
          </Group>
        </form>
      )}
    </Card>
  );
}

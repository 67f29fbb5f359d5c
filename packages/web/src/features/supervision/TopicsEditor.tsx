// The owner's topic editor on a record already shared (ADR 0022): add a topic, change a topic's
// title and agreed actions, or remove it, until the first signature. The reviewee reads the
// current topics on their next load.
import { SUPERVISION, SUPERVISION_MESSAGES } from "@cpd/contract";
import { Button, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { type FormEvent, useState } from "react";
import { notifySuccess } from "../../lib/notify";
import { type Party, useAddTopic, useRemoveTopic, useUpdateTopic } from "./queries";
import type { Topic } from "./review-model";

interface Draft {
  title: string;
  actions: string;
}

function TopicFields({
  draft,
  problem,
  onChange,
}: {
  draft: Draft;
  problem: string;
  onChange: (d: Draft) => void;
}) {
  return (
    <>
      <TextInput
        label="Topic title"
        required
        value={draft.title}
        onChange={(e) => onChange({ ...draft, title: e.currentTarget.value })}
        error={problem || undefined}
        maxLength={SUPERVISION.topicTitleMax}
        w="100%"
      />
      <Textarea
        label="Agreed actions"
        value={draft.actions}
        onChange={(e) => onChange({ ...draft, actions: e.currentTarget.value })}
        maxLength={SUPERVISION.topicActionsMax}
        autosize
        minRows={2}
        w="100%"
      />
    </>
  );
}

/** The title is needed; the server trims and checks it again. */
const titleProblem = (d: Draft) => (d.title.trim() ? "" : SUPERVISION_MESSAGES.topicTitleRequired);

/** A topic draft being edited: the title is checked on submit, and only a valid draft is saved. */
function useTopicDraft(initial: Draft) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [problem, setProblem] = useState("");
  const submit = (save: (d: Draft) => void) => (e: FormEvent) => {
    e.preventDefault();
    const p = titleProblem(draft);
    setProblem(p);
    if (p) return;
    save(draft);
  };
  return { draft, setDraft, problem, submit };
}

function TopicForm({
  label,
  state,
  onSave,
  submitLabel,
  pending,
  onCancel,
}: {
  label: string;
  state: ReturnType<typeof useTopicDraft>;
  onSave: (d: Draft) => void;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <form onSubmit={state.submit(onSave)} noValidate aria-label={label}>
      <Stack gap="xs" align="flex-start">
        <TopicFields draft={state.draft} problem={state.problem} onChange={state.setDraft} />
        <Group gap="sm">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AddTopicForm({ party, full }: { party: Party; full: boolean }) {
  const [open, setOpen] = useState(false);
  const state = useTopicDraft({ title: "", actions: "" });
  const add = useAddTopic(party);

  if (!open)
    return (
      <div>
        <Button variant="default" onClick={() => setOpen(true)} disabled={full}>
          Add a topic
        </Button>
      </div>
    );
  return (
    <TopicForm
      label="Add a topic"
      state={state}
      onSave={(draft) =>
        add.mutate(draft, {
          onSuccess: (res) => {
            notifySuccess(res.message);
            state.setDraft({ title: "", actions: "" });
            setOpen(false);
          },
        })
      }
      submitLabel="Add topic"
      pending={add.isPending}
      onCancel={() => setOpen(false)}
    />
  );
}

export function TopicEditForm({ party, topic, onDone }: { party: Party; topic: Topic; onDone: () => void }) {
  const state = useTopicDraft({ title: topic.TopicTitle, actions: topic.TopicActions });
  const update = useUpdateTopic(party);

  return (
    <TopicForm
      label={`Edit topic “${topic.TopicTitle}”`}
      state={state}
      onSave={(draft) =>
        update.mutate(
          { topicId: topic.TopicId, ...draft },
          {
            onSuccess: (res) => {
              notifySuccess(res.message);
              onDone();
            },
          },
        )
      }
      submitLabel="Save topic"
      pending={update.isPending}
      onCancel={onDone}
    />
  );
}

export function TopicActionsBar({
  party,
  topic,
  onEdit,
}: {
  party: Party;
  topic: Topic;
  onEdit: () => void;
}) {
  const remove = useRemoveTopic(party);
  return (
    <Group gap="sm">
      <Button variant="default" size="xs" onClick={onEdit} aria-label={`Edit topic “${topic.TopicTitle}”`}>
        Edit
      </Button>
      <Button
        variant="default"
        color="red"
        size="xs"
        loading={remove.isPending}
        aria-label={`Remove topic “${topic.TopicTitle}”`}
        onClick={() =>
          modals.openConfirmModal({
            title: "Remove this topic?",
            children: <Text>“{topic.TopicTitle}” and its comments are removed for both of you.</Text>,
            labels: { confirm: "Remove topic", cancel: "Cancel" },
            confirmProps: { color: "#a51d1d" },
            onConfirm: () => remove.mutate(topic.TopicId, { onSuccess: (res) => notifySuccess(res.message) }),
          })
        }
      >
        Remove
      </Button>
    </Group>
  );
}

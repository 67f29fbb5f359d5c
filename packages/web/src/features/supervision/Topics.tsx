// The topics of a supervision (REQ-SUP-01, REQ-SUP-04): each with its agreed actions, whether it is completed
// (ticked by the Supervisor's side only) and the comments of both sides, until the first signature.
import { type SignOffState, SUPERVISION, SUPERVISION_MESSAGES } from "@cpd/contract";
import { Button, Card, Checkbox, Stack, Text, Textarea, Title, type TitleOrder } from "@mantine/core";
import { type FormEvent, useId, useState } from "react";
import { bareList } from "../../lib/bare-list";
import { londonDateTime } from "../../lib/london-time";
import { type Party, useAddComment, useToggleTopic } from "./queries";
import type { Topic } from "./review-model";
import { AddTopicForm, TopicActionsBar, TopicEditForm } from "./TopicsEditor";

interface Props {
  party: Party;
  topics: Topic[];
  state: SignOffState;
  level: TitleOrder;
}

export function TopicList({ party, topics, state, level }: Props) {
  const id = useId();
  const toggle = useToggleTopic(party);
  // The owner changes the topics until the first signature (ADR 0022).
  const canEdit = party.kind === "owner" && state.canComment;
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${id}-title`}>
      <Title order={level} fz={level <= 2 ? "h3" : "h4"} id={`${id}-title`}>
        Topics
      </Title>
      {!state.canToggleTopics && party.side === "Supervisee" && state.canComment && (
        <Text fz="sm">The Supervisor marks topics as completed.</Text>
      )}
      {topics.length === 0 ? (
        <Text>No topics have been added.</Text>
      ) : (
        <Stack gap="md" {...bareList}>
          {topics.map((t) => (
            <TopicCard
              key={t.TopicId}
              topic={t}
              party={party}
              state={state}
              level={(level + 1) as TitleOrder}
              toggling={toggle.isPending && toggle.variables === t.TopicId}
              onToggle={() => toggle.mutate(t.TopicId)}
              canEdit={canEdit}
            />
          ))}
        </Stack>
      )}
      {canEdit && <AddTopicForm party={party} full={topics.length >= SUPERVISION.maxTopics} />}
    </Stack>
  );
}

function TopicCard({
  topic,
  party,
  state,
  level,
  toggling,
  onToggle,
  canEdit,
}: {
  topic: Topic;
  party: Party;
  state: SignOffState;
  level: TitleOrder;
  toggling: boolean;
  onToggle: () => void;
  canEdit: boolean;
}) {
  const id = useId();
  const done = topic.Completed === "1";
  const [editing, setEditing] = useState(false);
  if (canEdit && editing)
    return (
      <Card component="li" withBorder padding="md">
        <TopicEditForm party={party} topic={topic} onDone={() => setEditing(false)} />
      </Card>
    );
  return (
    <Card component="li" withBorder padding="md" aria-labelledby={`${id}-title`}>
      <Stack gap="xs">
        <Title order={level} fz="h5" id={`${id}-title`} style={{ overflowWrap: "anywhere" }}>
          {topic.TopicTitle}
        </Title>
        {topic.TopicActions && (
          <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            <strong>Agreed actions:</strong> {topic.TopicActions}
          </Text>
        )}
        {state.canToggleTopics ? (
          <Checkbox
            label="Completed"
            checked={done}
            disabled={toggling}
            onChange={onToggle}
            aria-describedby={`${id}-title`}
          />
        ) : (
          <Text fw={600}>{done ? "Completed" : "Not completed"}</Text>
        )}
        {canEdit && <TopicActionsBar party={party} topic={topic} onEdit={() => setEditing(true)} />}
        <Comments topic={topic} />
        {state.canComment && <CommentForm party={party} topic={topic} />}
      </Stack>
    </Card>
  );
}

function Comments({ topic }: { topic: Topic }) {
  if (topic.Comments.length === 0) return <Text fz="sm">No comments yet.</Text>;
  return (
    <Stack gap="xs" {...bareList} aria-label={`Comments on ${topic.TopicTitle}`}>
      {topic.Comments.map((c) => (
        <li key={c.Id} style={{ borderLeft: "3px solid #ced4da", paddingLeft: 8 }}>
          <Text fz="sm" fw={600}>
            {c.CommentBy}, {londonDateTime(c.CommentDate)}
          </Text>
          {/* Text only: a comment is never read as HTML. */}
          <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{c.Comment}</Text>
        </li>
      ))}
    </Stack>
  );
}

function CommentForm({ party, topic }: { party: Party; topic: Topic }) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState("");
  const add = useAddComment(party);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) {
      setProblem(SUPERVISION_MESSAGES.commentBlank);
      return;
    }
    setProblem("");
    add.mutate({ topicId: topic.TopicId, comment: text }, { onSuccess: () => setText("") });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs" align="flex-start">
        <Textarea
          label={`Add a comment on “${topic.TopicTitle}”`}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (problem) setProblem("");
          }}
          error={problem || undefined}
          maxLength={SUPERVISION.commentMax}
          autosize
          minRows={2}
          w="100%"
        />
        <Button type="submit" variant="default" loading={add.isPending}>
          Add comment
        </Button>
      </Stack>
    </form>
  );
}

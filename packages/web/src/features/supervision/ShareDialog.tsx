// Share a saved supervision record with the other party (REQ-SUP-02): who they are, how long the
// link works, and the topics to discuss. Mantine's Modal traps the focus, closes on Esc and gives
// the focus back to the Share button.
import { SUPERVISION, type SupervisionSide } from "@cpd/contract";
import {
  Button,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { FormActions } from "../../lib/FormActions";
import { notifySuccess } from "../../lib/notify";
import { useShare } from "./queries";
import {
  emptyDraft,
  expiryLabel,
  firstErrorId,
  hasErrors,
  newTopic,
  type ShareDraft,
  type ShareErrors,
  type ShareField,
  toShareBody,
  validateShare,
} from "./share-model";

const NO_ERRORS: ShareErrors = { fields: {}, topics: {} };
const REQUIRED = { required: true, description: "Required field" } as const;

interface Props {
  opened: boolean;
  entryId: string;
  revieweeType: SupervisionSide;
  onClose: () => void;
  onShared: () => void;
}

export function ShareDialog({ opened, entryId, revieweeType, onClose, onShared }: Props) {
  const [draft, setDraft] = useState<ShareDraft>(emptyDraft);
  const [errors, setErrors] = useState<ShareErrors>(NO_ERRORS);
  const nextKey = useRef(1);
  const share = useShare();

  const setField = (field: ShareField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (errors.fields[field]) setErrors((e) => ({ ...e, fields: { ...e.fields, [field]: undefined } }));
  };
  const setTopic = (key: number, part: "title" | "actions", value: string) =>
    setDraft((d) => ({ ...d, topics: d.topics.map((t) => (t.key === key ? { ...t, [part]: value } : t)) }));
  const addTopic = () => {
    const key = nextKey.current++;
    setDraft((d) => ({ ...d, topics: [...d.topics, newTopic(key)] }));
    setTimeout(() => document.getElementById(`share-topic-${key}-title`)?.focus(), 0);
  };
  const removeTopic = (key: number) =>
    setDraft((d) => ({ ...d, topics: d.topics.filter((t) => t.key !== key) }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateShare(draft);
    setErrors(found);
    if (hasErrors(found)) {
      const first = firstErrorId(draft, found);
      if (first) document.getElementById(first)?.focus();
      return;
    }
    share.mutate(toShareBody(entryId, revieweeType, draft), {
      onSuccess: (res) => {
        notifySuccess(res.message);
        setDraft(emptyDraft());
        onShared();
      },
    });
  }

  const field = (name: ShareField) => ({
    id: `share-${name}`,
    value: draft[name],
    error: errors.fields[name],
    onChange: (ev: { currentTarget: { value: string } }) => setField(name, ev.currentTarget.value),
    ...REQUIRED,
  });

  return (
    <Modal opened={opened} onClose={onClose} title={`Share with the ${revieweeType}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>
            We will e-mail them a link to review this record. Before they can open it, they enter a 6-digit
            code we send to their e-mail (and by text to a UK mobile).
          </Text>
          <TextInput label="Name" autoComplete="off" maxLength={SUPERVISION.nameMax} {...field("name")} />
          <TextInput label="Email" type="email" autoComplete="off" maxLength={254} {...field("email")} />
          <TextInput
            label="Phone number"
            type="tel"
            autoComplete="off"
            maxLength={SUPERVISION.numberMax}
            {...field("number")}
          />
          <NativeSelect
            label="Link expires after"
            data={[
              { value: "", label: "Choose how long" },
              ...SUPERVISION.expiryDays.map((d) => ({ value: String(d), label: expiryLabel(d) })),
            ]}
            maw={260}
            {...field("expiry")}
          />
          <Stack gap="sm">
            <Text fw={600}>Topics</Text>
            {draft.topics.length === 0 && <Text fz="sm">No topics. Add the topics you want to discuss.</Text>}
            {draft.topics.map((t, i) => (
              <Fieldset key={t.key} legend={`Topic ${i + 1}`}>
                <Stack gap="xs">
                  <TextInput
                    id={`share-topic-${t.key}-title`}
                    label={`Topic ${i + 1} title`}
                    value={t.title}
                    error={errors.topics[t.key]}
                    onChange={(ev) => setTopic(t.key, "title", ev.currentTarget.value)}
                    maxLength={SUPERVISION.topicTitleMax}
                    {...REQUIRED}
                  />
                  <Textarea
                    label={`Topic ${i + 1} agreed actions`}
                    value={t.actions}
                    onChange={(ev) => setTopic(t.key, "actions", ev.currentTarget.value)}
                    maxLength={SUPERVISION.topicActionsMax}
                    autosize
                    minRows={2}
                  />
                  <Group justify="flex-end">
                    <Button variant="subtle" color="red" onClick={() => removeTopic(t.key)}>
                      Remove topic {i + 1}
                    </Button>
                  </Group>
                </Stack>
              </Fieldset>
            ))}
            <div>
              <Button
                variant="default"
                onClick={addTopic}
                disabled={draft.topics.length >= SUPERVISION.maxTopics}
              >
                Add topic
              </Button>
            </div>
          </Stack>
          <FormActions submitLabel="Share" pending={share.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

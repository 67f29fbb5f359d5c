import {
  ADDITIONAL_FIELD_TYPES,
  type AdditionalField,
  type AdditionalFieldGroup,
  type AdditionalFieldType,
} from "@cpd/contract";
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { errorMessage } from "../../lib/error-messages";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../../lib/SectionCard";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { useAdditionalFields, useSaveAdditionalFields } from "./queries";

const TYPE_LABELS: Record<AdditionalFieldType, string> = {
  ShortText: "Short text",
  LongText: "Long text",
  Dropdown: "Dropdown (pick one)",
  List: "List (pick any)",
};
const picks = (t: AdditionalFieldType) => t === "Dropdown" || t === "List";

/** A field id from its title, unique among `taken` ("Band" → "band", then "band-2"). */
function fieldIdFor(title: string, taken: string[]): string {
  const base =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "field";
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

const newField = (taken: string[]): AdditionalField => ({
  fieldId: fieldIdFor("field", taken),
  title: "",
  type: "ShortText",
  values: [],
  help: "",
  required: false,
});

/** The additional profile fields the organisation asks its members, in groups (one profile tab each). */
export function FieldsEditor({ organisationId }: { organisationId: number }) {
  const saved = useAdditionalFields(organisationId);
  const [groups, setGroups] = useState<AdditionalFieldGroup[]>([]);
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    if (saved.data) setGroups(saved.data);
  }, [saved.data]);
  const save = useSaveAdditionalFields(organisationId, {
    onSuccess: () => {
      setStatus(null);
      notifySuccess("Additional fields saved");
    },
    onError: (err) =>
      setStatus({
        tone: "error",
        title: "Failed to save additional fields",
        text: errorMessage(err) || "Unknown error",
      }),
  });

  const taken = () => groups.flatMap((g) => g.fields.map((f) => f.fieldId));
  const setGroup = (gi: number, g: AdditionalFieldGroup) =>
    setGroups(groups.map((x, i) => (i === gi ? g : x)));
  const setField = (gi: number, fi: number, f: AdditionalField) => {
    const g = groups[gi];
    if (g) setGroup(gi, { ...g, fields: g.fields.map((x, i) => (i === fi ? f : x)) });
  };
  const dirty = JSON.stringify(groups) !== JSON.stringify(saved.data ?? []);

  return (
    <SectionCard title="Additional profile fields">
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          Questions your members answer on their profile, one tab per group. Removing a field deletes the
          answers to it.
        </Text>
        <StatusRegion status={status} />
        {groups.map((g, gi) => (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id of their own until saved
            key={`group-${gi}`}
            withBorder
            padding="sm"
            component="fieldset"
            style={{ border: undefined }}
          >
            <Stack gap="sm">
              <Group align="flex-end">
                <TextInput
                  label={`Group ${gi + 1} title`}
                  required
                  value={g.title}
                  onChange={(e) => setGroup(gi, { ...g, title: e.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => setGroups(groups.filter((_, i) => i !== gi))}
                >
                  Remove group
                </Button>
              </Group>
              {g.fields.map((f, fi) => (
                <Card key={f.fieldId} withBorder padding="sm" bg="gray.0">
                  <Stack gap="xs">
                    <Group align="flex-end" wrap="wrap">
                      <TextInput
                        label="Question"
                        required
                        value={f.title}
                        onChange={(e) => setField(gi, fi, { ...f, title: e.currentTarget.value })}
                        style={{ flex: 2, minWidth: 200 }}
                      />
                      <Select
                        label="Answer type"
                        data={ADDITIONAL_FIELD_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
                        value={f.type}
                        allowDeselect={false}
                        onChange={(v) => {
                          const type = (v ?? "ShortText") as AdditionalFieldType;
                          setField(gi, fi, { ...f, type, values: picks(type) ? f.values : [] });
                        }}
                        style={{ flex: 1, minWidth: 180 }}
                      />
                      <Checkbox
                        label="Required"
                        checked={f.required}
                        onChange={(e) => setField(gi, fi, { ...f, required: e.currentTarget.checked })}
                        mb={8}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove the question ${f.title || fi + 1}`}
                        onClick={() => setGroup(gi, { ...g, fields: g.fields.filter((_, i) => i !== fi) })}
                        mb={4}
                      >
                        ✕
                      </ActionIcon>
                    </Group>
                    {picks(f.type) && (
                      <Textarea
                        label="Options, one per line"
                        required
                        autosize
                        minRows={2}
                        value={f.values.join("\n")}
                        onChange={(e) =>
                          setField(gi, fi, { ...f, values: e.currentTarget.value.split("\n") })
                        }
                        onBlur={() =>
                          setField(gi, fi, { ...f, values: f.values.map((v) => v.trim()).filter(Boolean) })
                        }
                      />
                    )}
                    <TextInput
                      label="Help text"
                      value={f.help}
                      onChange={(e) => setField(gi, fi, { ...f, help: e.currentTarget.value })}
                    />
                  </Stack>
                </Card>
              ))}
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setGroup(gi, { ...g, fields: [...g.fields, newField(taken())] })}
                >
                  Add question
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() => setGroups([...groups, { title: "", fields: [newField(taken())] }])}
          >
            Add group
          </Button>
          <Button
            onClick={() => {
              // Ids follow the questions' titles until saved; saved ids never change.
              const used = (saved.data ?? []).flatMap((sg) => sg.fields.map((sf) => sf.fieldId));
              const ids: string[] = [...used];
              const named = groups.map((g) => ({
                ...g,
                fields: g.fields.map((f) => {
                  if (used.includes(f.fieldId)) return f;
                  const fieldId = fieldIdFor(f.title || "field", ids);
                  ids.push(fieldId);
                  return { ...f, fieldId, values: f.values.map((v) => v.trim()).filter(Boolean) };
                }),
              }));
              setGroups(named);
              save.mutate(named);
            }}
            disabled={!dirty}
            loading={save.isPending}
          >
            Save additional fields
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}

import type { AdditionalFieldGroup, AdditionalFieldValue } from "@cpd/contract";
import { Button, Checkbox, Group, Select, Stack, Tabs, Textarea, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { errorMessage } from "../../lib/error-messages";
import { notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { useAdditionalFieldValues, useSaveAdditionalFieldValues } from "./queries";

type Answers = Record<string, AdditionalFieldValue["value"]>;

/** REQ-PROFILE-07: the organisation's additional fields, one tab per group, saved together. */
export function AdditionalInformation({ groups }: { groups: AdditionalFieldGroup[] }) {
  const values = useAdditionalFieldValues();
  const [answers, setAnswers] = useState<Answers>({});
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    if (values.data) setAnswers(Object.fromEntries(values.data.map((v) => [v.fieldId, v.value])));
  }, [values.data]);
  const save = useSaveAdditionalFieldValues({
    onSuccess: () => {
      setStatus(null);
      notifySuccess("Additional information saved");
    },
    onError: (err) =>
      setStatus({
        tone: "error",
        title: "Failed to save additional fields",
        text: errorMessage(err) || "Unknown error",
      }),
  });
  if (values.isLoading) return <Spinner size="sm" label="Loading additional information" />;
  const set = (id: string, v: AdditionalFieldValue["value"]) => setAnswers({ ...answers, [id]: v });
  return (
    <Stack gap="md">
      <StatusRegion status={status} />
      <Tabs defaultValue="group-0" variant="pills">
        <Tabs.List>
          {groups.map((g, i) => (
            <Tabs.Tab key={g.title} value={`group-${i}`}>
              {g.title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {groups.map((g, i) => (
          <Tabs.Panel key={g.title} value={`group-${i}`} pt="md">
            <Stack gap="sm">
              {g.fields.map((f) => {
                const common = { label: f.title, description: f.help || undefined, required: f.required };
                const v = answers[f.fieldId];
                const text = {
                  ...common,
                  value: typeof v === "string" ? v : "",
                  onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
                    set(f.fieldId, e.currentTarget.value),
                };
                if (f.type === "LongText") return <Textarea key={f.fieldId} {...text} autosize minRows={3} />;
                if (f.type === "ShortText") return <TextInput key={f.fieldId} {...text} maxLength={200} />;
                if (f.type === "Dropdown")
                  return (
                    <Select
                      key={f.fieldId}
                      {...common}
                      data={f.values}
                      clearable
                      value={typeof v === "string" && v ? v : null}
                      onChange={(x) => set(f.fieldId, x ?? "")}
                    />
                  );
                return (
                  <Checkbox.Group
                    key={f.fieldId}
                    {...common}
                    value={Array.isArray(v) ? v : []}
                    onChange={(x) => set(f.fieldId, x)}
                  >
                    <Group mt="xs">
                      {f.values.map((o) => (
                        <Checkbox key={o} value={o} label={o} />
                      ))}
                    </Group>
                  </Checkbox.Group>
                );
              })}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      <Group justify="flex-end">
        <Button
          onClick={() => save.mutate(Object.entries(answers).map(([fieldId, value]) => ({ fieldId, value })))}
          loading={save.isPending}
        >
          Save additional information
        </Button>
      </Group>
    </Stack>
  );
}

import { type AdditionalFieldGroup, type AdditionalFieldValue, api } from "@cpd/contract";
import { Button, Checkbox, Group, Select, Stack, Tabs, Textarea, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { call } from "../../lib/api-client";
import { errorMessage } from "../../lib/error-messages";
import { notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { type Status, StatusRegion } from "../../lib/StatusAlert";

type Answers = Record<string, AdditionalFieldValue["value"]>;
const VALUES_KEY = ["personal-profile", "additional-fields", "values"];

/** Spec 1 §3: the organisation's additional fields, one tab per group, saved together. */
export function AdditionalInformation({ groups }: { groups: AdditionalFieldGroup[] }) {
  const qc = useQueryClient();
  const values = useQuery({
    queryKey: VALUES_KEY,
    queryFn: () => call(api.additionalFieldValues),
    meta: { errorTitle: "Failed to load additional field values" },
  });
  const [answers, setAnswers] = useState<Answers>({});
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    if (values.data) setAnswers(Object.fromEntries(values.data.map((v) => [v.fieldId, v.value])));
  }, [values.data]);
  const save = useMutation({
    mutationFn: () =>
      call(api.saveAdditionalFieldValues, {
        body: Object.entries(answers).map(([fieldId, value]) => ({ fieldId, value })),
      }),
    onSuccess: (res) => {
      qc.setQueryData(VALUES_KEY, res);
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
                if (f.type === "LongText")
                  return (
                    <Textarea
                      key={f.fieldId}
                      {...common}
                      autosize
                      minRows={3}
                      value={typeof v === "string" ? v : ""}
                      onChange={(e) => set(f.fieldId, e.currentTarget.value)}
                    />
                  );
                if (f.type === "ShortText")
                  return (
                    <TextInput
                      key={f.fieldId}
                      {...common}
                      maxLength={200}
                      value={typeof v === "string" ? v : ""}
                      onChange={(e) => set(f.fieldId, e.currentTarget.value)}
                    />
                  );
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
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          Save additional information
        </Button>
      </Group>
    </Stack>
  );
}

/** The groups, when the member's organisation asks any (null while loading or when none). */
export function useAdditionalFieldGroups(enabled: boolean) {
  return useQuery({
    queryKey: ["personal-profile", "additional-fields"],
    queryFn: () => call(api.additionalFields),
    enabled,
    meta: { errorTitle: "Failed to load additional fields" },
  });
}

import { countWords, HCPC, HCPC_SUMMARY_WORDS_MESSAGE } from "@cpd/contract";
import { Group, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { notifyMessage, notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { dispatchPortal } from "./portal-store";
import { useHcpcSummary, useSaveSummary } from "./queries";
import { CompleteToggle, CopyButton, PortalTextarea, SaveBar, WordCount } from "./StepParts";

export function SummaryStep({ token, done }: { token: string; done: boolean }) {
  const saved = useHcpcSummary(token);
  const save = useSaveSummary(token);
  const [text, setText] = useState<string | null>(null);
  // The saved text arriving is not an edit: it leaves the step's completion alone (REQ-HCPC-02).
  useEffect(() => {
    if (saved.data && text === null) {
      setText(saved.data.summary);
      dispatchPortal({ type: "text", part: "summary", loading: true });
    }
  }, [saved.data, text]);

  if (saved.isLoading) return <Spinner label="Loading your summary" />;
  if (saved.isError) return <Text>Your summary could not be loaded. Please refresh the page.</Text>;
  const value = text ?? "";
  const words = countWords(value);
  const over = words > HCPC.summaryWords;
  return (
    <Stack gap="md">
      <Text>
        Summarise your role and the work you do in at most {HCPC.summaryWords} words (HCPC's limit): who your
        service users are, where you work and what your main responsibilities are. Copy it into the HCPC
        website when it is ready.
      </Text>
      <PortalTextarea
        part="summary"
        label="Summary of practice"
        value={value}
        onChange={setText}
        minRows={8}
        maxLength={HCPC.summaryMaxLength}
        wordsId="summary-words"
        over={over}
      />
      <Group justify="space-between" align="flex-start">
        <WordCount
          id="summary-words"
          words={words}
          limit={HCPC.summaryWords}
          message={HCPC_SUMMARY_WORDS_MESSAGE}
        />
        <CopyButton text={value} label="summary of practice" />
      </Group>
      <SaveBar
        saving={save.isPending}
        onSave={() => {
          if (over) return notifyMessage("Summary not saved", HCPC_SUMMARY_WORDS_MESSAGE, "error");
          save.mutate({ summary: value }, { onSuccess: () => notifySuccess("Summary saved") });
        }}
      />
      <CompleteToggle step="summary" done={done} />
    </Stack>
  );
}

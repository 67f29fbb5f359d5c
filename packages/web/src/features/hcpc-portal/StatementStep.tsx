import { countWords, HCPC, HCPC_STANDARDS, HCPC_STATEMENT_WORDS_MESSAGE } from "@cpd/contract";
import { Group, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { notifyMessage, notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { dispatchPortal } from "./portal-store";
import { useHcpcStatement, useSaveStatement } from "./queries";
import { CompleteToggle, CopyButton, PortalTextarea, SaveBar, WordCount } from "./StepParts";

type Part = (typeof HCPC_STANDARDS)[number]["key"];
const PARTS = HCPC_STANDARDS;

export function StatementStep({ token, done }: { token: string; done: boolean }) {
  const saved = useHcpcStatement(token);
  const save = useSaveStatement(token);
  const [text, setText] = useState<Record<Part, string> | null>(null);
  useEffect(() => {
    if (saved.data && text === null) {
      setText(saved.data);
      dispatchPortal({ type: "text", part: "statement", loading: true });
    }
  }, [saved.data, text]);

  if (saved.isLoading) return <Spinner label="Loading your statement" />;
  if (saved.isError || !text)
    return <Text>Your statement could not be loaded. Please refresh the page.</Text>;
  const words = PARTS.reduce((n, p) => n + countWords(text[p.key]), 0);
  const over = words > HCPC.statementWords;
  return (
    <Stack gap="md">
      <Text>
        Explain how your CPD meets each of the HCPC's standards, in at most{" "}
        {HCPC.statementWords.toLocaleString("en-GB")} words in all (HCPC's limit). Copy each part into the
        HCPC website when it is ready.
      </Text>
      {PARTS.map((p, i) => (
        <Stack key={p.key} gap={4}>
          <PortalTextarea
            part="statement"
            label={p.label}
            value={text[p.key]}
            onChange={(v) => setText((t) => (t ? { ...t, [p.key]: v } : t))}
            minRows={5}
            maxLength={HCPC.standardMaxLength}
            wordsId="statement-words"
            over={over}
          />
          <Group justify="flex-end">
            <CopyButton text={text[p.key]} label={`standard ${i + 1}`} />
          </Group>
        </Stack>
      ))}
      <WordCount
        id="statement-words"
        words={words}
        limit={HCPC.statementWords}
        message={HCPC_STATEMENT_WORDS_MESSAGE}
      />
      <SaveBar
        saving={save.isPending}
        onSave={() => {
          if (over) return notifyMessage("Statement not saved", HCPC_STATEMENT_WORDS_MESSAGE, "error");
          save.mutate(text, { onSuccess: () => notifySuccess("Statement saved") });
        }}
      />
      <CompleteToggle step="statement" done={done} />
    </Stack>
  );
}

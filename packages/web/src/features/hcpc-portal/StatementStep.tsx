import { countWords, HCPC, HCPC_STANDARDS } from "@cpd/contract";
import { Stack, Text, Textarea } from "@mantine/core";
import { useEffect, useState } from "react";
import { notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { dispatchPortal } from "./portal-store";
import { useHcpcStatement, useSaveStatement } from "./queries";
import { CompleteToggle, SaveBar, WordCount } from "./StepParts";

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
  return (
    <Stack gap="md">
      <Text>
        Explain how your CPD meets each of the HCPC's standards, in about{" "}
        {HCPC.statementWords.toLocaleString("en-GB")} words in all.
      </Text>
      {PARTS.map((p) => (
        <Textarea
          key={p.key}
          label={p.label}
          value={text[p.key]}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setText((t) => (t ? { ...t, [p.key]: v } : t));
            dispatchPortal({ type: "text", part: "statement", loading: false });
          }}
          autosize
          minRows={5}
          maxLength={HCPC.standardMaxLength}
          aria-describedby="statement-words"
        />
      ))}
      <WordCount id="statement-words" words={words} guide={HCPC.statementWords} />
      <SaveBar
        saving={save.isPending}
        onSave={() => save.mutate(text, { onSuccess: () => notifySuccess("Statement saved") })}
      />
      <CompleteToggle step="statement" done={done} />
    </Stack>
  );
}

import { Alert, Button, Checkbox, Group, Table, Text, Textarea } from "@mantine/core";
import type { ReactNode } from "react";
import { notifyError, notifySuccess } from "../../lib/notify";
import type { Step } from "./portal-state";
import { dispatchPortal } from "./portal-store";

/** The user's own tick that a step is done (REQ-HCPC-02: each step is marked complete by the user). */
export function CompleteToggle({ step, done }: { step: Step; done: boolean }) {
  return (
    <Checkbox
      label="Mark step complete"
      checked={done}
      onChange={(e) => dispatchPortal({ type: "complete", step, done: e.currentTarget.checked })}
    />
  );
}

/** A table's header tick for all its rows: ticked when all are, mixed when some are. */
export function SelectAllHeader({
  label,
  picked,
  total,
  onChange,
}: {
  label: string;
  picked: number;
  total: number;
  onChange: (all: boolean) => void;
}) {
  const all = total > 0 && picked === total;
  return (
    <Table.Th w={48}>
      <Checkbox
        aria-label={label}
        checked={all}
        indeterminate={picked > 0 && !all}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
    </Table.Th>
  );
}

/**
 * A part of the summary or statement: an edit marks the text changed (the step's completion follows
 * edits, REQ-HCPC-02), and the word count (`wordsId`) describes it, in error once over the limit.
 */
export function PortalTextarea({
  part,
  label,
  value,
  onChange,
  minRows,
  maxLength,
  wordsId,
  over,
}: {
  part: "summary" | "statement";
  label: string;
  value: string;
  onChange: (value: string) => void;
  minRows: number;
  maxLength: number;
  wordsId: string;
  over: boolean;
}) {
  return (
    <Textarea
      label={label}
      value={value}
      onChange={(e) => {
        onChange(e.currentTarget.value);
        dispatchPortal({ type: "text", part, loading: false });
      }}
      autosize
      minRows={minRows}
      maxLength={maxLength}
      aria-describedby={wordsId}
      error={over}
    />
  );
}

/** "n of N words" against HCPC's online limit (ADR 0027); past it, the contract's message as an error. */
export function WordCount({
  id,
  words,
  limit,
  message,
}: {
  id: string;
  words: number;
  limit: number;
  message: string;
}) {
  const over = words > limit;
  return (
    <div id={id} aria-live="polite">
      <Text fz="sm" c={over ? "var(--mantine-color-error)" : "dimmed"} fw={over ? 600 : undefined}>
        {words.toLocaleString("en-GB")} of {limit.toLocaleString("en-GB")} words
      </Text>
      {over && (
        <Text fz="sm" c="var(--mantine-color-error)">
          {message} Shorten the text to save it.
        </Text>
      )}
    </div>
  );
}

/** Copies one part's text, ready to paste into HCPC's online form. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess("Copied", "Paste it into the HCPC website.");
    } catch {
      notifyError("Failed to copy");
    }
  }
  return (
    <Button variant="default" size="xs" onClick={copy} disabled={!text.trim()} aria-label={`Copy ${label}`}>
      Copy
    </Button>
  );
}

export function SaveBar({
  onSave,
  saving,
  children,
}: {
  onSave: () => void;
  saving: boolean;
  children?: ReactNode;
}) {
  return (
    <Group gap="md" align="center">
      <Button onClick={onSave} loading={saving}>
        Save
      </Button>
      {children}
    </Group>
  );
}

/** A count outside the HCPC's guide; the darkest orange keeps the title readable (WCAG 1.4.3). */
export function CountWarning({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="orange" variant="light" title={title} styles={{ title: { color: "#7a3300" } }}>
      {children}
    </Alert>
  );
}

import { Alert, Button, Checkbox, Group, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
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

/** "n of about N words", warning past the guide. */
export function WordCount({ id, words, guide }: { id: string; words: number; guide: number }) {
  return (
    <Text id={id} fz="sm" c={words > guide ? "var(--mantine-color-error)" : "dimmed"} aria-live="polite">
      {words.toLocaleString("en-GB")} of about {guide.toLocaleString("en-GB")} words
      {words > guide ? " (over the guide)" : ""}
    </Text>
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

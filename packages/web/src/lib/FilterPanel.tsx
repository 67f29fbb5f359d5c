import { Button, Card, Group } from "@mantine/core";
import { type ReactNode, useId, useRef, useState } from "react";
import { usePhone } from "./use-phone";

/**
 * A list's filters in a card named "Filters". On phones they fold away behind a "Filters" button
 * that counts the active ones ("Filters (2 active)"), so the list is not pushed a screen or two
 * down; on wider screens they show as they are, with no extra click.
 */
export function FilterPanel(props: {
  /** How many filters narrow the list now (sorting and paging are not filters). */
  active: number;
  /** Clears every filter: a "Clear filters" button while any is active. */
  onClear?: () => void;
  /** Shown under the controls even when they are folded away (what a filter from a link means, say). */
  note?: ReactNode;
  /** The controls; `clear` is the Clear filters button to place among them (null on phones, where it sits by the toggle). */
  children: (clear: ReactNode) => ReactNode;
}) {
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const { onClear } = props;
  const clear =
    onClear && props.active > 0 ? (
      <Button
        variant="default"
        onClick={() => {
          onClear();
          // The button goes with the filters it cleared: keep focus beside it, on the toggle (phones).
          toggle.current?.focus();
        }}
      >
        Clear filters
      </Button>
    ) : null;
  return (
    <Card withBorder padding="md" component="section" aria-label="Filters">
      {phone ? (
        <>
          <Group gap="sm">
            <Button
              ref={toggle}
              variant="default"
              aria-expanded={open}
              aria-controls={id}
              onClick={() => setOpen((o) => !o)}
              rightSection={<Chevron up={open} />}
            >
              {props.active > 0 ? `Filters (${props.active} active)` : "Filters"}
            </Button>
            {clear}
          </Group>
          {/* `hidden` keeps the folded controls (and what they hold) mounted but out of reach. */}
          <div id={id} hidden={!open} style={{ marginTop: "var(--mantine-spacing-sm)" }}>
            {props.children(null)}
          </div>
        </>
      ) : (
        props.children(clear)
      )}
      {props.note}
    </Card>
  );
}

function Chevron({ up }: { up: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      style={{ transform: up ? "rotate(180deg)" : undefined }}
    >
      <path fill="currentColor" d="M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z" />
    </svg>
  );
}

// The formatting toolbar of a rich-text box: one Tab stop (a roving tabindex, as the WAI-ARIA
// toolbar pattern has it), so Tab goes from one field to the next instead of through seven buttons.
import { Group, UnstyledButton } from "@mantine/core";
import { type KeyboardEvent, useState } from "react";

export interface Tool {
  label: string;
  icon: React.ReactNode;
  active?: boolean;
  disabled?: boolean;
  run: () => void;
}

/** The next button for an arrow, Home or End key (wrapping round), or undefined for other keys. */
function nextIndex(key: string, current: number, count: number): number | undefined {
  if (key === "ArrowRight") return (current + 1) % count;
  if (key === "ArrowLeft") return (current - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return undefined;
}

export function RichTextToolbar({ label, tools }: { label: string; tools: Tool[] }) {
  // The button last focused keeps the Tab stop; if it has since been disabled, the first one does.
  const [current, setCurrent] = useState(tools[0]?.label);
  const enabled = tools.filter((t) => !t.disabled);
  const stop = enabled.some((t) => t.label === current) ? current : enabled[0]?.label;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>("button:not(:disabled)")];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = at < 0 ? undefined : nextIndex(e.key, at, buttons.length);
    if (next === undefined) return;
    e.preventDefault();
    buttons[next]?.focus();
  };

  return (
    <Group
      gap={2}
      p={4}
      role="toolbar"
      aria-label={`Formatting for ${label}`}
      className="rte-toolbar"
      onKeyDown={onKeyDown}
    >
      {tools.map((t) => (
        <UnstyledButton
          key={t.label}
          type="button"
          aria-label={t.label}
          title={t.label}
          aria-pressed={t.active}
          disabled={t.disabled}
          tabIndex={t.label === stop ? 0 : -1}
          onFocus={() => setCurrent(t.label)}
          // Keeps the text selection in the editor while clicking.
          onMouseDown={(e) => e.preventDefault()}
          onClick={t.run}
          className="rte-button"
          data-active={t.active || undefined}
        >
          {t.icon}
        </UnstyledButton>
      ))}
    </Group>
  );
}

export function AlignIcon({ kind }: { kind: "left" | "center" | "right" }) {
  const x = (w: number) => (kind === "left" ? 2 : kind === "right" ? 16 - w : (18 - w) / 2);
  return (
    <svg width="18" height="14" viewBox="0 0 18 14" aria-hidden="true" focusable="false">
      {[
        { y: 1, w: 14 },
        { y: 4.3, w: 9 },
        { y: 7.6, w: 14 },
        { y: 10.9, w: 9 },
      ].map(({ y, w }) => (
        <rect key={y} x={x(w)} y={y} width={w} height="1.8" fill="currentColor" />
      ))}
    </svg>
  );
}

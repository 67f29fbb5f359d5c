// The GOV.UK error summary: one alert listing every problem, each a link to its field. It takes
// the focus on each failed save, so a screen reader reads the whole list at once.
import { Alert, Anchor, List } from "@mantine/core";
import { useEffect, useRef } from "react";
import { itemId } from "./FormItemField";
import type { MissingField } from "./form-model";

const CONTROL = "input:not([type=hidden]), select, textarea, button, [contenteditable=true]";

/** Moves the focus to an item's control (for a group of controls, its first one). */
export function focusItem(identifier: string) {
  const el = document.getElementById(itemId(identifier));
  const control = el?.matches(CONTROL) ? el : el?.querySelector<HTMLElement>(CONTROL);
  control?.focus();
}

export function ErrorSummary({ problems, attempt }: { problems: MissingField[]; attempt: number }) {
  const ref = useRef<HTMLDivElement>(null);
  // Each failed save (a new attempt number) brings the summary into view and focuses it, a moment
  // later (as the page's banner does) so a closing dialog's focus return does not take it back.
  useEffect(() => {
    if (!attempt) return;
    const timer = setTimeout(() => {
      ref.current?.scrollIntoView({ behavior: "smooth", block: "center" });
      ref.current?.focus({ preventScroll: true });
    }, 50);
    return () => clearTimeout(timer);
  }, [attempt]);
  if (problems.length === 0) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="red"
      variant="light"
      title="There is a problem"
      role="alert"
      styles={{ title: { color: "#a51d1d" } }}
    >
      <List spacing={4}>
        {problems.map((p) => (
          <List.Item key={p.identifier}>
            <Anchor
              href={`#${itemId(p.identifier)}`}
              c="#a51d1d"
              fw={700}
              underline="always"
              // Focus, not the URL's hash: a hash change is a navigation (and asks about unsaved changes).
              onClick={(e) => {
                e.preventDefault();
                focusItem(p.identifier);
              }}
            >
              {p.message}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

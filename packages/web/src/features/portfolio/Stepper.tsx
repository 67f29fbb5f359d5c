// A visible list of a wizard's stages; the current one carries aria-current="step" so screen
// readers announce where the user is. Used by the portfolio builder and the HCPC portal.
import { UnstyledButton } from "@mantine/core";
import classes from "./stepper.module.css";

export interface StepItem {
  label: string;
  /** Shown as a tick (the HCPC portal's completed steps). */
  done?: boolean;
  /** A stage the user may not jump to yet. */
  disabled?: boolean;
}

export function Stepper({
  label,
  steps,
  current,
  onSelect,
}: {
  label: string;
  steps: StepItem[];
  /** Index of the current step (0-based). */
  current: number;
  onSelect: (index: number) => void;
}) {
  return (
    <nav aria-label={label}>
      <ol className={classes.list}>
        {steps.map((s, i) => (
          <li key={s.label} className={classes.item}>
            <UnstyledButton
              className={classes.step}
              data-current={i === current || undefined}
              data-done={s.done || undefined}
              aria-current={i === current ? "step" : undefined}
              disabled={s.disabled}
              onClick={() => onSelect(i)}
            >
              <span className={classes.number} aria-hidden="true">
                {s.done ? "✓" : i + 1}
              </span>
              <span>
                {s.label}
                {s.done && <span className="visually-hidden"> (complete)</span>}
              </span>
            </UnstyledButton>
          </li>
        ))}
      </ol>
    </nav>
  );
}

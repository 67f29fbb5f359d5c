// A visible list of a wizard's stages; the current one carries aria-current="step" so screen
// readers announce where the user is. Used by the portfolio builder and the HCPC portal.
import { Title, UnstyledButton } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";
import classes from "./stepper.module.css";

export interface StepItem {
  label: string;
  /** Shown as a tick (the HCPC portal's completed steps). */
  done?: boolean;
  /** A stage the user may not jump to yet. */
  disabled?: boolean;
}

function Stepper({
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

/**
 * The stepper over the current step's section, headed "Step 2 of 4: …". Moving to another step puts
 * the focus on that heading, so keyboard and screen-reader users start at the new step.
 */
export function WizardSteps({
  label,
  noun,
  headingId,
  steps,
  current,
  onSelect,
  children,
}: {
  label: string;
  /** "Step" or "Stage", as the wizard calls them. */
  noun: string;
  headingId: string;
  steps: StepItem[];
  current: number;
  onSelect: (index: number) => void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [current]);
  return (
    <>
      <Stepper label={label} steps={steps} current={current} onSelect={onSelect} />
      <section aria-labelledby={headingId}>
        <Title order={2} fz="h3" id={headingId} ref={heading} tabIndex={-1} mb="md">
          {noun} {current + 1} of {steps.length}: {steps[current]?.label}
        </Title>
        {children}
      </section>
    </>
  );
}

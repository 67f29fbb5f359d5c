import { Button, Group, Popover, Portal, Text } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { session } from "../../lib/session";
import {
  LOADING_SELECTOR,
  MAIN_TOUR,
  MINI_TOUR,
  presentSteps,
  shouldStartMiniTour,
  stepLabel,
  TOUR_ATTR,
  type TourStep,
} from "./tour-model";

/** Waits this long after the page has loaded (and no dialog is open) before the mini tour. */
const MINI_TOUR_DELAY_MS = 1000;

const areaOf = (target: string) => document.querySelector<HTMLElement>(`[${TOUR_ATTR}="${target}"]`);
const isShown = (target: string) => {
  const el = areaOf(target);
  return Boolean(el && el.getClientRects().length > 0 && el.getBoundingClientRect().height > 0);
};
const modalOpen = () => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;

interface Running {
  kind: "main" | "mini";
  steps: readonly TourStep[];
  index: number;
}

/** The dashboard's Show tour button and its mini tour, once the statistics are `ready`. */
export function DashboardTour({ ready }: { ready: boolean }) {
  return <GuidedTour steps={MAIN_TOUR} miniTourReady={ready} />;
}

/**
 * The Show tour button and a page's guided tour of `steps` (and, given `miniTourReady`, the
 * dashboard's automatic mini tour). Each step is a non-modal dialog next to the highlighted
 * area: focus moves into it, Escape or Skip tour ends the tour, and focus returns to the Show
 * tour button at the end.
 */
export function GuidedTour({
  steps,
  miniTourReady,
}: {
  steps: readonly TourStep[];
  miniTourReady?: boolean;
}) {
  const [running, setRunning] = useState<Running | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const ready = miniTourReady === true;

  const start = useCallback(
    (kind: Running["kind"]) => {
      const shown = presentSteps(kind === "main" ? steps : MINI_TOUR, isShown);
      if (shown.length > 0) setRunning({ kind, steps: shown, index: 0 });
    },
    [steps],
  );

  const end = useCallback(() => {
    setRunning((r) => {
      if (r?.kind === "mini") session.setPrefs({ miniTourSkipped: true });
      return null;
    });
    setTimeout(() => buttonRef.current?.focus(), 0);
  }, []);

  // The mini tour: once, when the statistics have loaded and no dialog (the greeting) is open.
  useEffect(() => {
    if (!ready || session.prefs().miniTourSkipped) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = setInterval(() => {
      if (modalOpen() || timer) return;
      clearInterval(poll);
      timer = setTimeout(() => {
        const go = shouldStartMiniTour({
          skipFlag: session.prefs().miniTourSkipped === true,
          loadingTextPresent: document.querySelector(`main ${LOADING_SELECTOR}`) !== null,
        });
        if (go && !modalOpen())
          setRunning((r) => r ?? { kind: "mini", steps: presentSteps(MINI_TOUR, isShown), index: 0 });
      }, MINI_TOUR_DELAY_MS);
    }, 250);
    return () => {
      clearInterval(poll);
      if (timer) clearTimeout(timer);
    };
  }, [ready]);

  const step = running?.steps[running.index];
  return (
    <>
      <Button
        ref={buttonRef}
        variant="default"
        size="sm"
        onClick={() => start("main")}
        data-tour="tour-button"
      >
        Show tour
      </Button>
      {running && step && (
        <TourStepDialog
          key={`${running.kind}-${running.index}`}
          step={step}
          index={running.index}
          count={running.steps.length}
          onBack={() => setRunning((r) => (r ? { ...r, index: Math.max(0, r.index - 1) } : r))}
          onNext={() =>
            running.index + 1 >= running.steps.length
              ? end()
              : setRunning((r) => (r ? { ...r, index: r.index + 1 } : r))
          }
          onSkip={end}
        />
      )}
    </>
  );
}

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

function TourStepDialog({
  step,
  index,
  count,
  onBack,
  onNext,
  onSkip,
}: {
  step: TourStep;
  index: number;
  count: number;
  onBack: () => void;
  onNext: () => void;
  onSkip: () => void;
}) {
  const id = useId();
  const reducedMotion = useReducedMotion();
  const [box, setBox] = useState<Box | null>(null);
  const last = index + 1 >= count;

  // Scroll the area into view and frame it (page coordinates, so scrolling keeps it in place).
  useLayoutEffect(() => {
    const el = areaOf(step.target);
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      setBox({
        top: r.top + window.scrollY - 6,
        left: r.left + window.scrollX - 6,
        width: r.width + 12,
        height: r.height + 12,
      });
    };
    measure();
    const tall = el.getBoundingClientRect().height > window.innerHeight * 0.6;
    el.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: tall ? "start" : "center" });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    observer.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [step.target, reducedMotion]);

  // Escape ends the tour wherever focus is (the step dialog is not modal).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) {
        e.preventDefault();
        onSkip();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onSkip]);

  if (!box) return null;
  return (
    <Popover
      opened
      onClose={onSkip}
      position="bottom"
      withArrow
      width={320}
      trapFocus
      returnFocus={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      withRoles={false}
      shadow="md"
      middlewares={{ flip: true, shift: { padding: 8, crossAxis: true } }}
      transitionProps={{ duration: reducedMotion ? 0 : 150 }}
      zIndex={300}
    >
      <Portal>
        <Popover.Target>
          <div className="tour-highlight" aria-hidden="true" style={{ ...box, position: "absolute" }} />
        </Popover.Target>
      </Portal>
      <Popover.Dropdown role="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
        <Text fz="xs" c="dimmed" id={`${id}-count`}>
          {stepLabel(index, count)}
        </Text>
        <Text component="h2" fw={700} fz="lg" id={`${id}-title`} tabIndex={-1} data-autofocus mt={2}>
          {step.title}
        </Text>
        <Text fz="sm" id={`${id}-body`} mt={4}>
          {step.body}
        </Text>
        <Group justify="space-between" mt="md" gap="xs">
          <Button variant="subtle" size="compact-sm" onClick={onSkip}>
            Skip tour
          </Button>
          <Group gap="xs">
            {index > 0 && (
              <Button variant="default" size="compact-sm" onClick={onBack}>
                Back
              </Button>
            )}
            <Button size="compact-sm" onClick={onNext}>
              {last ? "Finish" : "Next"}
            </Button>
          </Group>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

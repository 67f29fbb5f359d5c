import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails the test on serious or critical WCAG 2.2 AA violations of the page as it is now. */
export async function checkA11y(page: Page, label = page.url()) {
  await transitionsEnded(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `accessibility violations on ${label}`).toEqual([]);
}

/**
 * Contrast is judged on what is painted: a toast fading out or a dialog fading in is part
 * transparent for a moment, which axe reports as a contrast failure of text that is fine once
 * still. Mantine starts a dialog's fade two animation frames after the dialog is in the page
 * (transparent, with no transition running yet), so this first lets frames pass, then waits
 * for the running finite animations and transitions, and looks again until none is left (at
 * most 3 s in all). Spinners loop for ever and are left alone.
 */
export async function transitionsEnded(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const deadline = performance.now() + 3000;
    const finite = () =>
      document
        .getAnimations()
        .filter(
          (a) =>
            a.playState === "running" && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        );
    for (;;) {
      await frame();
      await frame();
      await frame();
      const running = finite();
      const left = deadline - performance.now();
      if (running.length === 0 || left <= 0) return;
      const ended = Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, left))]);
    }
  });
}

// The app's one reading of the current time. Screens ask now(); nothing else in src reads the
// system clock (clock.test.ts checks), so tests can fix the time: component tests with
// setClock(), browser tests with Playwright's page.clock (which replaces Date in the page).
// Timers (debounces, the idle timeout's interval) stay real.

let read: () => number = () => Date.now();

/** The current instant. */
export const now = (): Date => new Date(read());

/** The current instant in milliseconds since the epoch (for durations). */
export const nowMs = (): number => read();

/** Fixes the time (an instant or ISO string), or with null goes back to the system clock. */
export function setClock(fixed: Date | string | number | null): void {
  if (fixed === null) {
    read = () => Date.now();
    return;
  }
  const ms = new Date(fixed).getTime();
  if (Number.isNaN(ms)) throw new Error(`Not an instant: ${String(fixed)}`);
  read = () => ms;
}

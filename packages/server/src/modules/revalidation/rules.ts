// Pure rules that judge a cycle's totals against a regulator's pack (ADR 0026): no I/O, `today`
// injected. The SQL totals the cycle (repository.ts); this decides targets, what is met, the
// forecast at the recent pace, the status and the warnings.
import {
  addMonths,
  REVALIDATION,
  REVALIDATION_WARNING_MESSAGES,
  type Registration,
  type RequirementProgress,
  type RevalidationProgress,
  type RevalidationWarning,
  type RulePack,
} from "@cpd/contract";
import type { Static } from "@sinclair/typebox";
import { addDays } from "../../lib/dates.js";
import type { Cycle, CycleTotals } from "./types.js";

export type { Cycle };
export type RequirementResult = Static<typeof RequirementProgress>;
export type WarningResult = Static<typeof RevalidationWarning>;
export type RevalidationStatus = RevalidationProgress["status"];

type CycleRegistration = Pick<Registration, "regulator" | "renewalDate" | "cycleMonths">;
type JudgedRegistration = Pick<Registration, "regulator" | "registers" | "targetHours" | "cycleMonths">;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** The cycle's length: the pack's, or for another body (OTHER) the user's own. */
function cycleMonthsFor(pack: RulePack, registration: Pick<Registration, "cycleMonths">): number {
  return pack.regulator === "OTHER" && registration.cycleMonths
    ? registration.cycleMonths
    : pack.cycle.lengthMonths;
}

/** The cycle ending on the registration's date: it starts the day after the same date `lengthMonths` earlier. */
export function cycleFor(pack: RulePack, registration: CycleRegistration): Cycle {
  const cycleEnd = registration.renewalDate;
  return {
    cycleStart: addDays(addMonths(cycleEnd, -cycleMonthsFor(pack, registration)), 1),
    cycleEnd,
    deadline: addDays(cycleEnd, -pack.deadlineDaysBefore),
    windowOpens: pack.windowOpensDaysBefore ? addDays(cycleEnd, -pack.windowOpensDaysBefore) : null,
  };
}

/** The pack's requirements for these registers (GDC's hours depend on the title), with their targets. */
export function requirementsFor(pack: RulePack, registration: JudgedRegistration) {
  return pack.requirements.flatMap((r) => {
    const held = r.registers
      ? registration.registers.filter((code) => r.registers?.includes(code)).length
      : registration.registers.length;
    if (held === 0) return [];
    const own = pack.regulator === "OTHER" && r.metric === "cpdHours" ? registration.targetHours : null;
    const target = own ?? (r.perRegister ? r.target * held : r.target);
    return [{ requirement: r, target }];
  });
}

/** The date the rest is done at the pace of the last REVALIDATION.paceDays days, or null with no pace. */
function forecastDate(remaining: number, recentAmount: number, today: string): string | null {
  if (remaining <= 0 || recentAmount <= 0) return null;
  const perDay = recentAmount / REVALIDATION.paceDays;
  return addDays(today, Math.ceil(remaining / perDay));
}

const round = (n: number) => Math.round(n * 100) / 100;

function warningsFor(
  pack: RulePack,
  registration: JudgedRegistration,
  cycle: Cycle,
  totals: CycleTotals,
  today: string,
) {
  const warnings: WarningResult[] = [];
  for (const rule of pack.warnings) {
    if (rule.kind === "gap") {
      for (const gap of totals.gaps) {
        warnings.push({ code: "gap", message: REVALIDATION_WARNING_MESSAGES.gap(gap.from, gap.to) });
      }
    } else if (rule.kind === "rollingMinimum") {
      // Windows of `months` months from each yearly boundary of the cycle, judged once they have ended.
      const length = cycleMonthsFor(pack, registration);
      for (let first = 0; first + rule.months <= length; first += 12) {
        const from = addMonths(cycle.cycleStart, first);
        const to = addDays(addMonths(cycle.cycleStart, first + rule.months), -1);
        if (to >= today) break;
        const done = round(
          totals.hoursByCycleMonth.slice(first, first + rule.months).reduce((a, b) => a + b, 0),
        );
        if (done < rule.hours) {
          warnings.push({
            code: "rollingMinimum",
            message: REVALIDATION_WARNING_MESSAGES.rollingMinimum(from, to, done, rule.hours),
          });
        }
      }
    } else {
      const unnamed = totals.recordThemes.filter(
        (r) => r.kind === rule.recordKind && !r.themes.some((t) => rule.values.includes(t)),
      );
      if (unnamed.length > 0) {
        warnings.push({
          code: "namedThemes",
          message: REVALIDATION_WARNING_MESSAGES.namedThemes(rule.recordKind, unnamed.length, rule.values),
        });
      }
    }
  }
  return warnings;
}

/** A cycle's progress against its pack: each requirement, the warnings, the status and the days left. */
export function evaluate(
  pack: RulePack,
  registration: JudgedRegistration,
  cycle: Cycle,
  totals: CycleTotals,
  today: string,
): {
  requirements: RequirementResult[];
  warnings: WarningResult[];
  status: RevalidationStatus;
  daysToDeadline: number;
} {
  const themes = new Set(totals.themes);
  const requirements = requirementsFor(pack, registration).map(
    ({ requirement: r, target }): RequirementResult => {
      const base = { id: r.id, title: r.title, metric: r.metric, target, source: r.source };
      if (r.metric === "themesCovered") {
        const values = r.values ?? [];
        const done = values.filter((v) => themes.has(v)).length;
        const missing = values.filter((v) => !themes.has(v));
        return { ...base, done, met: done >= target, missing, entryIds: [], recordIds: [], forecast: null };
      }
      const total = totals.metrics[r.metric];
      const done = round(total.amount);
      return {
        ...base,
        done,
        met: done >= target,
        missing: [],
        entryIds: total.entryIds,
        recordIds: total.recordIds,
        forecast: forecastDate(target - done, total.recentAmount, today),
      };
    },
  );
  const daysToDeadline = daysBetween(today, cycle.deadline);
  let status: RevalidationStatus;
  if (requirements.every((r) => r.met)) status = "met";
  else if (today > cycle.deadline) status = "overdue";
  else if (requirements.every((r) => r.met || (r.forecast !== null && r.forecast <= cycle.deadline)))
    status = "onTrack";
  else status = "short";
  return {
    requirements,
    warnings: warningsFor(pack, registration, cycle, totals, today),
    status,
    daysToDeadline,
  };
}

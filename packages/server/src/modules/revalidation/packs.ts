// The regulators' rule packs (ADR 0026): one JSON file per regulator and version in packs/, checked
// when this module loads, so a wrong edit to a pack fails the server's start and the tests, never a
// user's progress. The files are imported, not read from disk, so the production bundle carries
// them (build.mjs bundles src/ into dist/; packs.test.ts checks every file in packs/ is listed here).
import { type PackSummary, REGULATORS, type Registration, type Regulator, RulePack } from "@cpd/contract";
import type { Static } from "@sinclair/typebox";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import gcc2004 from "./packs/gcc-2004.json" with { type: "json" };
import gdc2018 from "./packs/gdc-2018.json" with { type: "json" };
import general2026 from "./packs/general-2026.json" with { type: "json" };
import goc2022 from "./packs/goc-2022.json" with { type: "json" };
import gosc2005 from "./packs/gosc-2005.json" with { type: "json" };
import gosc2018 from "./packs/gosc-2018.json" with { type: "json" };
import gphc2022 from "./packs/gphc-2022.json" with { type: "json" };
import gphc2026 from "./packs/gphc-2026.json" with { type: "json" };
import hcpc2018 from "./packs/hcpc-2018.json" with { type: "json" };
import nmc2019 from "./packs/nmc-2019.json" with { type: "json" };
import { type Cycle, cycleFor } from "./rules.js";

/** Every pack file, by its name in packs/. */
export const PACK_FILES: Record<string, unknown> = {
  "gcc-2004.json": gcc2004,
  "gdc-2018.json": gdc2018,
  "general-2026.json": general2026,
  "goc-2022.json": goc2022,
  "gosc-2005.json": gosc2005,
  "gosc-2018.json": gosc2018,
  "gphc-2022.json": gphc2022,
  "gphc-2026.json": gphc2026,
  "hcpc-2018.json": hcpc2018,
  "nmc-2019.json": nmc2019,
};

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const validatePack = ajv.compile<RulePack>(RulePack);

/** What is wrong with one pack on its own: schema errors (with the path), then the cross-field rules. */
export function packProblems(data: unknown): string[] {
  if (!validatePack(data)) {
    return (validatePack.errors ?? []).map((e) => `${e.instancePath || "/"}: ${e.message ?? e.keyword}`);
  }
  const pack = data;
  const problems: string[] = [];
  const urls = new Set(pack.sources.map((s) => s.url));
  const themes = new Set(pack.themes);
  const registers = new Set(pack.registers.map((r) => r.code));
  const seen = new Set<string>();
  const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
  for (const d of duplicates(pack.registers.map((r) => r.code)))
    problems.push(`/registers: ${d} is listed twice`);
  for (const d of duplicates(pack.themes)) problems.push(`/themes: ${d} is listed twice`);
  pack.requirements.forEach((r, i) => {
    const at = `/requirements/${i}`;
    if (seen.has(r.id)) problems.push(`${at}/id: ${r.id} is used twice`);
    seen.add(r.id);
    if (!urls.has(r.source)) problems.push(`${at}/source: ${r.source} is not among the pack's sources`);
    for (const code of r.registers ?? []) {
      if (!registers.has(code)) problems.push(`${at}/registers: ${code} is not one of the pack's registers`);
    }
    if (r.metric === "themesCovered") {
      if (!r.values) problems.push(`${at}/values: themesCovered needs the values to cover`);
      else {
        for (const v of r.values)
          if (!themes.has(v)) problems.push(`${at}/values: "${v}" is not one of the pack's themes`);
        if (r.target !== r.values.length) {
          problems.push(`${at}/target: must equal the number of values (${r.values.length})`);
        }
      }
    } else if (r.values) problems.push(`${at}/values: only themesCovered takes values`);
  });
  pack.warnings.forEach((w, i) => {
    const at = `/warnings/${i}`;
    if (!urls.has(w.source)) problems.push(`${at}/source: ${w.source} is not among the pack's sources`);
    if (w.kind === "namedThemes") {
      for (const v of w.values)
        if (!themes.has(v)) problems.push(`${at}/values: "${v}" is not one of the pack's themes`);
    }
    if (w.kind === "rollingMinimum" && w.months > pack.cycle.lengthMonths) {
      problems.push(`${at}/months: longer than the cycle (${pack.cycle.lengthMonths} months)`);
    }
  });
  return problems;
}

/**
 * Checks every pack file and the set as a whole (ids unique, one version per regulator and date,
 * a pack for every regulator); throws one error naming each file and path that is wrong.
 */
export function loadPacks(files: Record<string, unknown>): RulePack[] {
  const problems: string[] = [];
  const packs: RulePack[] = [];
  for (const [file, data] of Object.entries(files)) {
    const own = packProblems(data);
    if (own.length > 0) problems.push(...own.map((p) => `packs/${file} ${p}`));
    else packs.push(data as RulePack);
  }
  const ids = new Map<string, string>();
  const versions = new Set<string>();
  for (const pack of packs) {
    if (ids.has(pack.id)) problems.push(`pack id ${pack.id} is used twice`);
    ids.set(pack.id, pack.id);
    const version = `${pack.regulator} ${pack.effectiveFrom}`;
    if (versions.has(version))
      problems.push(`two ${pack.regulator} packs take effect on ${pack.effectiveFrom}`);
    versions.add(version);
  }
  if (problems.length === 0) {
    for (const regulator of REGULATORS) {
      if (!packs.some((p) => p.regulator === regulator)) problems.push(`no pack for ${regulator}`);
    }
  }
  if (problems.length > 0) throw new Error(`Revalidation rule packs are invalid:\n${problems.join("\n")}`);
  return packs.sort((a, b) =>
    a.regulator === b.regulator
      ? a.effectiveFrom.localeCompare(b.effectiveFrom)
      : REGULATORS.indexOf(a.regulator) - REGULATORS.indexOf(b.regulator),
  );
}

/** Every pack shipped, by regulator (the contract's order) then effective date. */
export const PACKS: readonly RulePack[] = loadPacks(PACK_FILES);

const versionsOf = (regulator: Regulator, packs: readonly RulePack[]) =>
  packs.filter((p) => p.regulator === regulator);

/** The version in force for a cycle starting on `cycleStart`: the latest that took effect by then, else the earliest. */
export function packFor(
  regulator: Regulator,
  cycleStart: string,
  packs: readonly RulePack[] = PACKS,
): RulePack {
  const versions = versionsOf(regulator, packs);
  const inForce = versions.filter((p) => p.effectiveFrom <= cycleStart).at(-1) ?? versions[0];
  if (!inForce) throw new Error(`No revalidation rule pack for ${regulator}`);
  return inForce;
}

/**
 * A registration's pack and cycle together: the cycle's start depends on the pack's length, and the
 * pack on the cycle's start, so the newest version whose own cycle starts on or after its effective
 * date wins (GOsC: a three-year cycle from renewals after 1 October 2018, an annual one before).
 */
export function packAndCycleFor(
  registration: Pick<Registration, "regulator" | "renewalDate" | "cycleMonths">,
  packs: readonly RulePack[] = PACKS,
): { pack: RulePack; cycle: Cycle } {
  const versions = versionsOf(registration.regulator, packs);
  for (const pack of [...versions].reverse()) {
    const cycle = cycleFor(pack, registration);
    if (pack.effectiveFrom <= cycle.cycleStart) return { pack, cycle };
  }
  const earliest = versions[0];
  if (!earliest) throw new Error(`No revalidation rule pack for ${registration.regulator}`);
  return { pack: earliest, cycle: cycleFor(earliest, registration) };
}

/** Every version for GET /revalidation/packs. */
export function packSummaries(packs: readonly RulePack[] = PACKS): Static<typeof PackSummary>[] {
  return packs.map((p) => ({
    id: p.id,
    regulator: p.regulator,
    title: p.title,
    version: p.version,
    effectiveFrom: p.effectiveFrom,
    registers: p.registers.map((r) => ({ code: r.code, title: r.title })),
    themes: [...p.themes],
    sources: p.sources.map((s) => ({
      title: s.title,
      url: s.url,
      ...(s.published ? { published: s.published } : {}),
    })),
  }));
}

/** The registers a registration of this regulator may name: every version's, the newest title first. */
export function registersOf(
  regulator: Regulator,
  packs: readonly RulePack[] = PACKS,
): { code: string; title: string }[] {
  const byCode = new Map<string, { code: string; title: string }>();
  for (const pack of [...versionsOf(regulator, packs)].reverse()) {
    for (const r of pack.registers)
      if (!byCode.has(r.code)) byCode.set(r.code, { code: r.code, title: r.title });
  }
  return [...byCode.values()];
}

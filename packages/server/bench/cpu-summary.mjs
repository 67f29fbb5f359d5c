// Summarises a V8 .cpuprofile (node --cpu-prof, or BENCH_CPU_PROF in bench/serve.ts): self time by
// function and by package, and total (inclusive) time by package, so what a call spends beyond
// its SQL can be read. Usage: node bench/cpu-summary.mjs file.cpuprofile [top=30]
import { readFileSync } from "node:fs";

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: node bench/cpu-summary.mjs file.cpuprofile [top]");
const top = Number(topArg ?? 30);
const p = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// Sample counts per node, weighted by the time delta of each sample.
const self = new Map();
let total = 0;
p.samples.forEach((id, i) => {
  const dt = p.timeDeltas[i] ?? 0;
  self.set(id, (self.get(id) ?? 0) + dt);
  total += dt;
});
const pkgOf = (url) => {
  if (!url) return "(native/vm)";
  if (url.startsWith("node:")) return "node:";
  const m = url.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  const s = url.match(/packages\/(server|contract)\/(src\/[^/]+(?:\/[^/]+)?)/);
  return s ? `${s[1]}/${s[2]}` : url.replace(/^file:\/\//, "").slice(-60);
};
const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
const fnSelf = new Map();
const fnTotal = new Map();
const pkgSelf = new Map();
const pkgTotal = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const name = `${cf.functionName || "(anon)"} ${pkgOf(cf.url)}:${cf.lineNumber + 1}`;
  add(fnSelf, name, t);
  add(pkgSelf, pkgOf(cf.url), t);
  // Inclusive: each function and each package once per sample stack.
  const seenFn = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const f = byId.get(cur).callFrame;
    const k = `${f.functionName || "(anon)"} ${pkgOf(f.url)}:${f.lineNumber + 1}`;
    if (!seenFn.has(k)) {
      seenFn.add(k);
      add(fnTotal, k, t);
    }
  }
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const k = pkgOf(byId.get(cur).callFrame.url);
    if (!seen.has(k)) {
      seen.add(k);
      add(pkgTotal, k, t);
    }
  }
}
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
const print = (title, m, n) => {
  console.log(`\n${title}`);
  for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${pct(t)}  ${k}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print("self time by package", pkgSelf, top);
print("total (inclusive) time by package", pkgTotal, top);
print("self time by function", fnSelf, top);
print("total (inclusive) time by function", fnTotal, top);

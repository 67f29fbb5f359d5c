// Sums the gzipped size of the JavaScript /login loads: the entry script of
// dist/index.html and everything it imports statically (not the lazy chunks).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const html = readFileSync(join(dist, "index.html"), "utf8");
const entries = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const seen = new Set();
const queue = entries.map((e) => resolve(dist, e));
while (queue.length) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(file, "utf8");
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"` (minified forms too).
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[^"'();]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    queue.push(resolve(dirname(file), m[1]));
  }
}
let total = 0;
for (const f of seen) {
  const gz = gzipSync(readFileSync(f)).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${f.slice(dist.length + 1)}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzipped JS for /login (limit 200 KB)`);
process.exit(total > 200 * 1024 ? 1 : 0);

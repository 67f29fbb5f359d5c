import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const html = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../index.html"),
  "utf8",
);

describe("the initial loading screen", () => {
  it("sits inside #root, so React replaces it when the app starts", () => {
    expect(html).toMatch(/<div id="root">\s*<div class="boot-loader" data-boot-loader/);
  });

  it("hides itself after 5 seconds even if the app has not started", () => {
    expect(html).toMatch(/\.boot-loader \{[^}]*animation: boot-hide 0s linear 5s forwards;/);
    expect(html).toMatch(/@keyframes boot-hide \{ to \{ visibility: hidden; \} \}/);
  });
});

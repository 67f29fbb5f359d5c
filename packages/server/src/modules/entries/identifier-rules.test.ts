import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CURRENT_FORMS } from "../forms/definitions.js";
import { plainText, resolutionHash, scanEntry, unresolved } from "./identifier-rules.js";

const diary = CURRENT_FORMS.diary;
const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const where = (f: { field: string; kind: string; start: number; end: number }) => [
  f.field,
  f.kind,
  f.start,
  f.end,
];

describe("an entry's patient-identifier findings (ADR 0029)", () => {
  it("hashes the resolution key, so spacing and case do not matter", () => {
    expect(resolutionHash("  Ward.7@NHS.example ")).toBe(sha("ward.7@nhs.example"));
    expect(resolutionHash("SW1A  1AA")).toBe(resolutionHash("sw1a 1aa"));
    expect(resolutionHash("a")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("reads a long text's text content, paragraphs on their own lines", () => {
    expect(plainText("<p>Seen <strong>today</strong></p><p>at &amp; after</p>")).toBe(
      "Seen today\nat & after",
    );
    expect(plainText("plain line")).toBe("plain line");
  });

  it("names each finding by its item, with positions in the item's plain text; choices and dates are not scanned", () => {
    const title = "Review ward.7@nhs.example";
    const description = "<p>Call <em>ward.8@nhs.example</em></p>";
    // The category (a choice) and the date are not the writer's words.
    const values = {
      Field222: title,
      Field113: description,
      Field116: "ward.9@nhs.example",
      DiaryDate: "2026-01-02",
    };
    const found = scanEntry(diary, { values, title, description }, { ownEmail: [] });
    expect(found.map(where)).toEqual([
      ["Field222", "email", 7, 25],
      ["Field113", "email", 5, 23],
    ]);
    expect(found[1]?.hash).toBe(sha("ward.8@nhs.example"));
  });

  it("leaves the writer's own e-mail out", () => {
    const values = { Field113: "Write to me@example.org" };
    expect(
      scanEntry(diary, { values, title: "", description: null }, { ownEmail: "Me@Example.org" }),
    ).toEqual([]);
  });

  it("scans the title and description columns only when no answer holds them", () => {
    const found = scanEntry(
      diary,
      { values: {}, title: "About x.y@nhs.example", description: "<p>and z@nhs.example</p>" },
      {},
    );
    expect(found.map(where)).toEqual([
      ["title", "email", 6, 21],
      ["description", "email", 4, 17],
    ]);
  });

  it("drops the resolved findings and their hashes", () => {
    const values = { Field113: "a@nhs.example and b@nhs.example" };
    const found = scanEntry(diary, { values, title: "", description: values.Field113 }, {});
    expect(found).toHaveLength(2);
    const open = unresolved(found, new Set([resolutionHash("A@nhs.example")]));
    expect(open.map(where)).toEqual([["Field113", "email", 18, 31]]);
    expect(open[0]).not.toHaveProperty("hash");
  });
});

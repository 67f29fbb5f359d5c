import { describe, expect, it } from "vitest";
import type { AppError } from "../../lib/errors.js";
import { answeredSections } from "./answers.js";
import { ACTIVITY_TYPES, DIARY_V1, REFLECTION_V1, SUPERVISION_V1, withEntryOptions } from "./definitions.js";
import { columns, completeness, entryRow, validateValues, withEvidence, withoutEvidence } from "./rules.js";

const opts = {
  sourced: { categories: ["Leadership", "Other"], standards: ["HCPC 1"], activityTypes: [...ACTIVITY_TYPES] },
  today: "2026-11-22",
};
const diary = {
  Field222: " Sepsis update ",
  DiaryDate: "2026-11-01",
  DiaryHours: "1.5",
  ActivityType: "Formal and educational",
  Field116: "Leadership",
};
const fail = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as AppError).message;
  }
  return "did not fail";
};

describe("entry validation", () => {
  it("accepts a minimal diary entry trimmed, and refuses keys that are not items, naming them", () => {
    const v = validateValues(DIARY_V1, { ...diary }, opts);
    expect(v.Field222).toBe("Sepsis update");
    expect(fail(() => validateValues(DIARY_V1, { ...diary, NoSuchField: "x" }, opts))).toBe(
      "Unknown field for the diary form: NoSuchField",
    );
    expect(fail(() => validateValues(DIARY_V1, { ...diary, A: "x", B: "y" }, opts))).toBe(
      "Unknown fields for the diary form: A, B",
    );
  });

  it("names the missing required field", () => {
    expect(fail(() => validateValues(DIARY_V1, { ...diary, Field222: " " }, opts))).toBe(
      "The Title field is not provided",
    );
    expect(
      fail(() => validateValues(REFLECTION_V1, { ReflectionDate: "2026-01-01", Field113: "x" }, opts)),
    ).toBe("The Title field is not provided");
    // The supervision title is optional.
    expect(
      validateValues(SUPERVISION_V1, { SupervisionDate: "2026-01-01", SupervisionRole: "Supervisor" }, opts),
    ).toMatchObject({ SupervisionDate: "2026-01-01", SupervisionRole: "Supervisor" });
  });

  it("refuses reminder dates in the past, bad dates, hours, URLs and options", () => {
    expect(fail(() => validateValues(DIARY_V1, { ...diary, DiaryReminderDate: "2026-11-21" }, opts))).toBe(
      "The reminder date cannot be in the past",
    );
    expect(
      validateValues(DIARY_V1, { ...diary, DiaryReminderDate: "2026-11-22" }, opts).DiaryReminderDate,
    ).toBe("2026-11-22");
    expect(fail(() => validateValues(DIARY_V1, { ...diary, DiaryDate: "2026-02-30" }, opts))).toMatch(/date/);
    expect(fail(() => validateValues(DIARY_V1, { ...diary, DiaryHours: "-1" }, opts))).toMatch(
      /number of hours/,
    );
    expect(fail(() => validateValues(DIARY_V1, { ...diary, Field219: "javascript:alert(1)" }, opts))).toMatch(
      /http/,
    );
    expect(fail(() => validateValues(DIARY_V1, { ...diary, Field116: "Cooking" }, opts))).toMatch(
      /not an option/,
    );
    expect(
      fail(() => validateValues(DIARY_V1, { ...diary, GoverningBodyStandards: "HCPC 1" }, opts)),
    ).toMatch(/a list/);
    expect(fail(() => validateValues(DIARY_V1, { ...diary, Field222: "t".repeat(201) }, opts))).toMatch(
      /at most 200/,
    );
  });

  it("computes completeness from the share of items answered", () => {
    const min = validateValues(DIARY_V1, diary, opts);
    const c = completeness(DIARY_V1, min);
    expect(c.completeness).toBe(3);
    expect(c.completenessPercentage).toBeCloseTo(5 / 13, 2);
    const full = {
      ...diary,
      Field113: "d",
      Field219: "https://example.org",
      LearningOutcomes: "l",
      PracticeImpact: "p",
      GoverningBodyStandards: ["HCPC 1"],
      DiaryReminderDate: "2027-01-01",
      DiaryReminderRecurrence: "12",
      Evidence: ["f"],
    };
    expect(completeness(DIARY_V1, full)).toEqual({ completeness: 1, completenessPercentage: 1 });
  });

  it("lists an untitled supervision by who it was with", () => {
    expect(columns({ SupervisionDate: "2026-01-01", OtherPartyName: "Dr Okafor" }).title).toBe(
      "Supervision with Dr Okafor",
    );
    expect(columns({ SupervisionDate: "2026-01-01" }).title).toBe("");
  });

  it("derives the indexed columns", () => {
    const c = columns({ ...diary, Field222: "Sepsis", Field113: "Talk", GoverningBodyStandards: ["HCPC 1"] });
    expect(c).toMatchObject({
      title: "Sepsis",
      date: "2026-11-01",
      hours: 1.5,
      category: "Leadership",
      standards: ["HCPC 1"],
      searchText: "sepsis talk",
    });
  });

  it("stores the answers without the evidence list, yet counts the evidence toward completeness", () => {
    const answers = { ...diary, Evidence: ["f1", "f2"] };
    const row = entryRow(DIARY_V1, answers);
    expect(row.values).not.toHaveProperty("Evidence");
    expect(row).toMatchObject(completeness(DIARY_V1, answers));
    expect(row.completenessPercentage).toBeGreaterThan(completeness(DIARY_V1, diary).completenessPercentage);
    expect(withoutEvidence(answers)).toEqual(diary);
    expect(withEvidence(diary, ["f3"])).toEqual({ ...diary, Evidence: ["f3"] });
    expect(withEvidence(answers, [])).toEqual(diary);
  });
});

describe("entry options (ADR 0019)", () => {
  const on = { ...opts, entryOptions: { showKSF: true, showACP: true } };
  const off = { ...opts, entryOptions: { showKSF: false, showACP: false } };
  const answers = { ...diary, KSFDimensions: ["C5 Quality"], ACPPillars: ["Education"] };

  it("adds the KSF and ACP items after the standards on diary and reflection forms only", () => {
    const ids = (def: typeof DIARY_V1) =>
      withEntryOptions(def, on.entryOptions).pages.flatMap((p) => p.items.map((i) => i.identifier));
    const diaryIds = ids(DIARY_V1);
    expect(
      diaryIds.slice(
        diaryIds.indexOf("GoverningBodyStandards"),
        diaryIds.indexOf("GoverningBodyStandards") + 3,
      ),
    ).toEqual(["GoverningBodyStandards", "KSFDimensions", "ACPPillars"]);
    expect(ids(REFLECTION_V1)).toContain("ACPPillars");
    expect(ids(SUPERVISION_V1)).not.toContain("KSFDimensions");
  });

  it("checks the answers when on, refuses them when off, and keeps a stored answer when off", () => {
    expect(validateValues(DIARY_V1, answers, on).KSFDimensions).toEqual(["C5 Quality"]);
    expect(fail(() => validateValues(DIARY_V1, { ...diary, ACPPillars: ["Astrology"] }, on))).toBe(
      '"Astrology" is not an option of the Advanced Clinical Practice pillars field',
    );
    expect(fail(() => validateValues(DIARY_V1, answers, off))).toBe(
      "Unknown fields for the diary form: KSFDimensions, ACPPillars",
    );
    const kept = validateValues(DIARY_V1, diary, off, { KSFDimensions: ["C5 Quality"], Field222: "old" });
    expect(kept.KSFDimensions).toEqual(["C5 Quality"]);
    expect(kept.Field222).toBe("Sepsis update");
  });

  it("leaves completeness alone and prints a saved answer whatever the setting", () => {
    expect(completeness(DIARY_V1, answers)).toEqual(completeness(DIARY_V1, diary));
    const printed = answeredSections(DIARY_V1, answers).flatMap((s) => s.items);
    expect(printed).toContainEqual({ label: "KSF dimensions", value: ["C5 Quality"] });
    expect(printed).toContainEqual({ label: "Advanced Clinical Practice pillars", value: ["Education"] });
  });
});

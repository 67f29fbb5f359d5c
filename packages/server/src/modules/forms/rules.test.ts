import { describe, expect, it } from "vitest";
import type { AppError } from "../../lib/errors.js";
import { ACTIVITY_TYPES, DIARY_V1, REFLECTION_V1, SUPERVISION_V1 } from "./definitions.js";
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

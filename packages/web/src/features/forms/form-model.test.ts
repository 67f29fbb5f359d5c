import { describe, expect, it } from "vitest";
import { diaryForm, formItem, formPage } from "../../test/fixtures";
import {
  initialValues,
  missingFields,
  richTextIsEmpty,
  sameValues,
  toBody,
  visiblePages,
} from "./form-model";

const form = diaryForm([
  formPage("Activity", [
    formItem("Field222", "Title", 1, true),
    formItem("DiaryDate", "Date of activity", 9, true),
    formItem("GoverningBodyStandards", "Standards", 3),
    formItem("Wellbeing", "Wellbeing check", 7, false, { activators: ["Extra"] }),
  ]),
  formPage("Extra", [formItem("Notes", "Notes", 1, true)], { requiresActivation: true }),
]);

describe("form values", () => {
  it("starts lists as lists and checkboxes as '0'", () => {
    expect(initialValues(form)).toEqual({
      Field222: "",
      DiaryDate: "",
      GoverningBodyStandards: [],
      Wellbeing: "0",
      Notes: "",
    });
  });
  const messages = (v: Record<string, string | string[]>, f = form) =>
    missingFields(f, v).map((m) => m.message);
  it("lists every missing required field, in order, with the product's sentence", () => {
    const v = initialValues(form);
    expect(missingFields(form, v)).toEqual([
      { identifier: "Field222", message: "The Title field is not provided" },
      { identifier: "DiaryDate", message: "The Date of activity field is not provided" },
    ]);
    expect(messages({ ...v, Field222: "  " })).toHaveLength(2);
    expect(messages({ ...v, Field222: "A" })).toEqual(["The Date of activity field is not provided"]);
    expect(messages({ ...v, Field222: "A", DiaryDate: "2026-01-01" })).toEqual([]);
  });
  it("checks pages only while they are switched on", () => {
    const v = { ...initialValues(form), Field222: "A", DiaryDate: "2026-01-01", Wellbeing: "1" };
    expect(visiblePages(form, v).map((p) => p.title)).toEqual(["Activity", "Extra"]);
    expect(messages(v)).toEqual(["The Notes field is not provided"]);
  });
  it("leaves out hidden and disabled required items", () => {
    const f = diaryForm([
      formPage("Activity", [
        formItem("Field222", "Title", 1, true, { visible: false }),
        formItem("DiaryDate", "Date of activity", 9, true, { disabled: true }),
        formItem("Org", "Trust code", 1, false, { mandatory: true }),
      ]),
    ]);
    expect(messages(initialValues(f), f)).toEqual(["The Trust code field is not provided"]);
  });
  it("flattens without blanks", () => {
    const v = { ...initialValues(form), Field222: " A ", GoverningBodyStandards: ["HCPC 1"] };
    expect(toBody(form, v)).toEqual({ Field222: "A", GoverningBodyStandards: ["HCPC 1"], Wellbeing: "0" });
  });
  it("compares values", () => {
    expect(sameValues({ a: "1", b: [] }, { a: "1" })).toBe(true);
    expect(sameValues({ a: ["x"] }, { a: ["y"] })).toBe(false);
  });
  it("treats empty rich text as blank", () => {
    expect(richTextIsEmpty("<p></p>")).toBe(true);
    expect(richTextIsEmpty("<p>&nbsp;</p>")).toBe(true);
    expect(richTextIsEmpty("<p>Hi</p>")).toBe(false);
  });
});

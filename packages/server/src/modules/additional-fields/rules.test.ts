import type { AdditionalFieldGroup } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.js";
import { checkDefinitions, checkValues } from "./rules.js";

const groups: AdditionalFieldGroup[] = [
  {
    title: "Role",
    fields: [
      { fieldId: "band", title: "Band", type: "Dropdown", values: ["5", "6"], help: "", required: true },
      { fieldId: "wards", title: "Wards", type: "List", values: ["A", "B"], help: "", required: false },
      { fieldId: "note", title: "Note", type: "ShortText", values: [], help: "", required: false },
      { fieldId: "story", title: "Story", type: "LongText", values: [], help: "", required: false },
    ],
  },
];

const code = (f: () => unknown) => {
  try {
    f();
    return "ok";
  } catch (e) {
    if (e instanceof AppError) return `${e.code}: ${e.message}`;
    throw e;
  }
};

describe("additional field answers", () => {
  it("keeps good answers, trims texts and drops empty ones", () => {
    expect(
      checkValues(groups, [
        { fieldId: "band", value: "6" },
        { fieldId: "wards", value: ["B"] },
        { fieldId: "note", value: "  hi " },
        { fieldId: "story", value: "" },
      ]),
    ).toEqual([
      { fieldId: "band", value: "6" },
      { fieldId: "wards", value: ["B"] },
      { fieldId: "note", value: "hi" },
    ]);
  });

  it.each([
    [[], "FIELD_REQUIRED: Band is required"],
    [[{ fieldId: "band", value: "7" }], "FIELD_OPTION: Band must be one of its options"],
    [[{ fieldId: "band", value: ["5"] }], "FIELD_TYPE: Band takes one value"],
    [
      [
        { fieldId: "band", value: "5" },
        { fieldId: "wards", value: ["C"] },
      ],
      "FIELD_OPTION: Wards must be one of its options",
    ],
    [
      [
        { fieldId: "band", value: "5" },
        { fieldId: "note", value: "x".repeat(201) },
      ],
      "FIELD_TOO_LONG: Note must be at most 200 characters",
    ],
    [
      [{ fieldId: "nope", value: "x" }],
      "FIELD_NOT_FOUND: That field is not one of your organisation's fields",
    ],
  ])("refuses %j with %s", (values, expected) => {
    expect(code(() => checkValues(groups, values as never))).toBe(expected);
  });
});

describe("additional field definitions", () => {
  it("refuses a repeated field id, a pick-list without options and a text with options", () => {
    const f = groups[0]?.fields[0];
    if (!f) throw new Error("fixture");
    expect(
      code(() =>
        checkDefinitions([
          { title: "A", fields: [f] },
          { title: "B", fields: [f] },
        ]),
      ),
    ).toMatch(/^DUPLICATE_FIELD_ID/);
    expect(code(() => checkDefinitions([{ title: "A", fields: [{ ...f, values: [] }] }]))).toBe(
      "VALIDATION_ERROR: Band needs at least one option",
    );
    expect(code(() => checkDefinitions([{ title: "A", fields: [{ ...f, type: "ShortText" }] }]))).toBe(
      "VALIDATION_ERROR: Band is a text field and takes no options",
    );
  });
});

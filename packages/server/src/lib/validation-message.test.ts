import { describe, expect, it } from "vitest";
import { firstValidationMessage, validationMessage } from "./validation-message.js";

describe("validation messages", () => {
  it("names the field in words", () => {
    expect(
      validationMessage(
        { instancePath: "/businessWebsiteAssociated", keyword: "maxLength", params: { limit: 200 } },
        "body",
      ),
    ).toBe("Business website associated must be at most 200 characters");
    expect(
      validationMessage(
        { instancePath: "", keyword: "required", params: { missingProperty: "email" } },
        "body",
      ),
    ).toBe("Email is required");
    expect(
      validationMessage(
        { instancePath: "/startDate", keyword: "format", params: { format: "date" } },
        "body",
      ),
    ).toBe("Start date must be a date (YYYY-MM-DD)");
    expect(
      validationMessage({ instancePath: "/tags/3", keyword: "type", params: { type: "string" } }, "body"),
    ).toBe("Tags must be text");
  });

  it.each([
    ["integer", "a whole number"],
    ["number", "a number"],
    ["boolean", "true or false"],
    ["object", "an object"],
    ["integer,null", "a whole number or null"],
  ])("words the JSON type %s as a sentence would: %s (never 'a integer')", (type, words) => {
    expect(validationMessage({ instancePath: "/page", keyword: "type", params: { type } }, "params")).toBe(
      `Page must be ${words}`,
    );
  });

  it("lists the allowed values of a union of literals rather than AJV's words", () => {
    const branches = [{ const: "12" }, { const: "lifetime" }, { const: "custom" }];
    expect(
      firstValidationMessage(
        [
          { instancePath: "/period", keyword: "const", params: { allowedValue: "12" } },
          { instancePath: "/period", keyword: "const", params: { allowedValue: "lifetime" } },
          { instancePath: "/period", keyword: "anyOf", params: {}, schema: branches },
        ],
        "params",
      ),
    ).toBe("Period must be one of: 12, lifetime, custom");
  });
});

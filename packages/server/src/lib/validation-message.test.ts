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

  it("words each JSON type as a sentence would (never 'a integer')", () => {
    const typeError = (type: string) =>
      validationMessage({ instancePath: "/page", keyword: "type", params: { type } }, "params");
    expect(typeError("integer")).toBe("Page must be a whole number");
    expect(typeError("number")).toBe("Page must be a number");
    expect(typeError("boolean")).toBe("Page must be true or false");
    expect(typeError("object")).toBe("Page must be an object");
    expect(typeError("integer,null")).toBe("Page must be a whole number or null");
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

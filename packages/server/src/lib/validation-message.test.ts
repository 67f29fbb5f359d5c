import { describe, expect, it } from "vitest";
import { validationMessage } from "./validation-message.js";

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
    ).toBe("Tags must be a string");
  });
});

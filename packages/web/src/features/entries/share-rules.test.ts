import { SHARED_CPD_MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { AGREEMENT_REQUIRED, isHttpUrl, shareErrors } from "./share-rules";

const ok = {
  title: "Sepsis",
  category: "Clinical Education",
  description: "Good",
  websiteUrl: "https://example.org",
  agreed: true,
};

describe("share checks", () => {
  it("accepts a complete share", () => expect(shareErrors(ok)).toEqual({}));
  it("uses the required messages", () => {
    const e = shareErrors({
      title: " ",
      category: null,
      description: "",
      websiteUrl: "example.org",
      agreed: false,
    });
    expect(e.title).toBe("A title is required");
    expect(e.description).toBe("A description is required");
    expect(e.websiteUrl).toBe("Please enter a valid website address, starting with http(s)://");
    expect(e.category).toBe(SHARED_CPD_MESSAGES.categoryRequired);
    expect(e.agreed).toBe(AGREEMENT_REQUIRED);
  });
  it("limits the description to 400 characters", () => {
    expect(shareErrors({ ...ok, description: "x".repeat(400) })).toEqual({});
    expect(shareErrors({ ...ok, description: "x".repeat(401) }).description).toBe(
      "The description is too long.",
    );
  });
  it("needs http or https", () => {
    expect(isHttpUrl("http://a.b")).toBe(true);
    expect(isHttpUrl("ftp://a.b")).toBe(false);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
  });
});

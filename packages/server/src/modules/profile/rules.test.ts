import { describe, expect, it } from "vitest";
import type { AppError } from "../../lib/errors.js";
import { normaliseTags, sniffImageType, validateBasicDetails } from "./rules.js";

const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as AppError).message;
  }
  return null;
};

describe("basic details", () => {
  it("refuses empty names with the required messages", () => {
    expect(messageOf(() => validateBasicDetails({ firstName: "  ", lastName: "X" }))).toBe(
      "First Name must not be empty",
    );
    expect(messageOf(() => validateBasicDetails({ firstName: "A", lastName: "" }))).toBe(
      "Last name must not be empty",
    );
  });

  it("accepts UK and international mobiles, blank, and refuses nonsense", () => {
    expect(
      validateBasicDetails({ firstName: "A", lastName: "B", mobileNumber: "07911 123456" }).mobileNumber,
    ).toBe("07911 123456");
    expect(
      validateBasicDetails({ firstName: "A", lastName: "B", mobileNumber: "+33 6 12 34 56 78" }).mobileNumber,
    ).toBe("+33 6 12 34 56 78");
    expect(
      validateBasicDetails({ firstName: "A", lastName: "B", mobileNumber: "  " }).mobileNumber,
    ).toBeNull();
    expect(
      messageOf(() => validateBasicDetails({ firstName: "A", lastName: "B", mobileNumber: "12ab" })),
    ).toBe("Please enter a valid mobile number");
  });

  it("trims names and blanks optional fields", () => {
    expect(validateBasicDetails({ firstName: " Ann ", lastName: " Lee ", jobTitle: "" })).toMatchObject({
      firstName: "Ann",
      lastName: "Lee",
      jobTitle: null,
    });
  });
});

describe("tags", () => {
  it("trims, ignores empty and keeps order", () => {
    expect(normaliseTags([" a ", "", "b"])).toEqual(["a", "b"]);
  });
  it("refuses duplicates ignoring case and tags over 50 characters", () => {
    expect(messageOf(() => normaliseTags(["Audit", "audit "]))).toBe(
      "Duplicate Tag: This tag already exists.",
    );
    expect(normaliseTags(["x".repeat(50)])).toHaveLength(1);
    expect(messageOf(() => normaliseTags(["x".repeat(51)]))).toMatch(/50 characters/);
  });
});

describe("image sniffing", () => {
  it("recognises JPEG and PNG by content only", () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      "image/png",
    );
    expect(sniffImageType(Buffer.from("GIF89a"))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { isValidMobile, validateBasicDetails } from "./profile-rules";

const base = {
  firstName: "Dana",
  lastName: "Demo",
  jobTitle: "",
  nickname: "",
  mobileNumber: "",
  alternativeEmail: "",
};

describe("isValidMobile", () => {
  it("accepts blank and UK or international numbers", () => {
    expect(isValidMobile("")).toBe(true);
    expect(isValidMobile("07700 900123")).toBe(true);
    expect(isValidMobile("+44 (0)7700-900123")).toBe(true);
  });
  it("refuses letters and too few digits", () => {
    expect(isValidMobile("call me")).toBe(false);
    expect(isValidMobile("12345")).toBe(false);
  });
});

describe("validateBasicDetails", () => {
  it("uses the required messages", () => {
    expect(validateBasicDetails({ ...base, firstName: " " }).firstName).toBe("First Name must not be empty");
    expect(validateBasicDetails({ ...base, lastName: "" }).lastName).toBe("Last name must not be empty");
    expect(validateBasicDetails({ ...base, mobileNumber: "abc" }).mobileNumber).toBe(
      "Please enter a valid mobile number",
    );
  });
  it("passes valid details", () => {
    expect(validateBasicDetails(base)).toEqual({});
  });
});

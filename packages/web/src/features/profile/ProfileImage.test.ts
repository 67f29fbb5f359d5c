import { describe, expect, it } from "vitest";
import { checkImage } from "./ProfileImage";

describe("checkImage", () => {
  it("accepts JPEG and PNG up to 10 MB", () => {
    expect(checkImage({ size: 10_485_760, type: "image/png" })).toBeNull();
  });
  it("refuses bigger files with the required message", () => {
    expect(checkImage({ size: 10_485_761, type: "image/jpeg" })).toBe("File size cannot exceed 10MB");
  });
  it("refuses other types", () => {
    expect(checkImage({ size: 10, type: "image/gif" })).not.toBeNull();
  });
});

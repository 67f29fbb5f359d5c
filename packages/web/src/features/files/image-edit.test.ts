import { describe, expect, it } from "vitest";
import { cropMax, editedSize, isEditable, NO_CROP, rotate, versionName } from "./image-edit";

describe("image edits", () => {
  it("turns in quarter steps both ways", () => {
    expect(rotate(0, 1)).toBe(1);
    expect(rotate(3, 1)).toBe(0);
    expect(rotate(0, -1)).toBe(3);
  });

  it("swaps the sides on a quarter turn and cuts the crop's percentages from the rotated image", () => {
    expect(editedSize(400, 200, { quarters: 0, crop: NO_CROP })).toEqual({ width: 400, height: 200 });
    expect(editedSize(400, 200, { quarters: 1, crop: NO_CROP })).toEqual({ width: 200, height: 400 });
    expect(editedSize(400, 200, { quarters: 2, crop: NO_CROP })).toEqual({ width: 400, height: 200 });
    expect(editedSize(400, 200, { quarters: 3, crop: { left: 10, right: 40, top: 25, bottom: 0 } })).toEqual({
      width: 100,
      height: 300,
    });
  });

  it("keeps at least a tenth of each side", () => {
    expect(cropMax({ ...NO_CROP, right: 30 }, "left")).toBe(60);
    expect(cropMax(NO_CROP, "top")).toBe(90);
  });

  it("edits JPEG and PNG only and names the version after the original", () => {
    expect([isEditable("image/jpeg"), isEditable("image/png"), isEditable("image/gif")]).toEqual([
      true,
      true,
      false,
    ]);
    expect(versionName("ward round.jpg")).toBe("ward round (edited).jpg");
    expect(versionName("scan")).toBe("scan (edited)");
  });
});

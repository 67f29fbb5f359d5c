import { SUPERVISION } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { drawnSignature, pngSize, savedSignature } from "./signature-image.js";

const ONE_PIXEL =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
/** A PNG header claiming a width and height (enough for the checks, which read the IHDR). */
function pngOf(width: number, height: number) {
  const b = Buffer.from(ONE_PIXEL, "base64");
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return `data:image/png;base64,${b.toString("base64")}`;
}

describe("signature images", () => {
  it("takes a PNG drawn on the pad", () => {
    const s = drawnSignature(`data:image/png;base64,${ONE_PIXEL}`);
    expect(s?.contentType).toBe("image/png");
    expect(s && pngSize(s.bytes)).toEqual({ width: 1, height: 1 });
    expect(drawnSignature(pngOf(4 * SUPERVISION.pad.width, 4 * SUPERVISION.pad.height))).not.toBeNull();
  });

  it("refuses what is not a sane PNG", () => {
    expect(drawnSignature("data:image/png;base64,aGVsbG8gd29ybGQ=")).toBeNull();
    expect(drawnSignature(`data:image/jpeg;base64,${ONE_PIXEL}`)).toBeNull();
    expect(drawnSignature(`data:image/png;base64,${ONE_PIXEL.slice(0, -2)}!!`)).toBeNull();
    expect(drawnSignature(pngOf(0, 10))).toBeNull();
    expect(drawnSignature(pngOf(4 * SUPERVISION.pad.width + 1, 10))).toBeNull();
    expect(drawnSignature(pngOf(10, 4 * SUPERVISION.pad.height + 1))).toBeNull();
    const huge = Buffer.concat([
      Buffer.from(ONE_PIXEL, "base64"),
      Buffer.alloc(SUPERVISION.signatureMaxBytes),
    ]);
    expect(drawnSignature(`data:image/png;base64,${huge.toString("base64")}`)).toBeNull();
  });

  it("takes a saved PNG or JPEG signature, nothing else", () => {
    expect(savedSignature(`data:image/png;base64,${ONE_PIXEL}`)?.extension).toBe("png");
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]).toString("base64");
    expect(savedSignature(`data:image/jpeg;base64,${jpeg}`)?.extension).toBe("jpg");
    expect(savedSignature(`data:image/jpeg;base64,${ONE_PIXEL}`)).toBeNull();
    expect(savedSignature("Olive User")).toBeNull();
    expect(savedSignature(null)).toBeNull();
  });
});

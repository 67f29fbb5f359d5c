import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fitBox, isRaster, printImage } from "./images.js";

describe("print images", () => {
  it("downscales a large photo to 1200 px on its long side as JPEG", async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#88aaff" } })
      .png()
      .toBuffer();
    const out = await printImage(big);
    expect([out.width, out.height]).toEqual([1200, 800]);
    const meta = await sharp(out.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 800]);
    expect(out.data.length).toBeLessThan(big.length);
  });

  it("keeps small images at their size and turns webp and gif into JPEG", async () => {
    for (const format of ["webp", "gif"] as const) {
      const small = await sharp({ create: { width: 300, height: 500, channels: 4, background: "#ff000080" } })
        .toFormat(format)
        .toBuffer();
      const out = await printImage(small);
      expect([out.width, out.height]).toEqual([300, 500]);
      expect((await sharp(out.data).metadata()).format).toBe("jpeg");
    }
  });

  it("embeds an upright RGB JPEG already at print size as it is, and re-encodes a rotated one", async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const same = await printImage(jpeg);
    expect(same.data).toBe(jpeg);
    expect([same.width, same.height]).toEqual([800, 600]);
    const rotated = await sharp(jpeg).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const upright = await printImage(rotated);
    expect(upright.data).not.toBe(rotated);
    expect([upright.width, upright.height]).toEqual([600, 800]);
  });

  it("rejects bytes that are not an image", async () => {
    await expect(printImage(Buffer.from("%PDF-1.7 not an image"))).rejects.toThrow();
  });

  it("recognises raster types and fits boxes", () => {
    expect(isRaster("image/JPEG")).toBe(true);
    expect(isRaster("image/webp; charset=binary")).toBe(true);
    expect(isRaster("image/svg+xml")).toBe(false);
    expect(isRaster("application/pdf")).toBe(false);
    const box = fitBox(1200, 800, 483, 330);
    expect(box.width).toBeCloseTo(483, 6);
    expect(box.height).toBeCloseTo(322, 6);
    expect(fitBox(100, 50, 483, 330)).toEqual({ width: 100, height: 50 });
  });
});

import { EDITABLE_IMAGE_TYPES } from "@cpd/contract";

// My Files' image editor (docs/decisions/0025-governing-body-pages.md): rotation in quarter turns
// and a crop given as the share of each side to cut off, applied in the browser on a canvas.

export const isEditable = (contentType: string) =>
  (EDITABLE_IMAGE_TYPES as readonly string[]).includes(contentType);

export const SAVE_FAILED = "Failed to save the edited image";

/** Percent cut from each side of the rotated image; left + right (and top + bottom) stay under 100. */
export interface Crop {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
export const NO_CROP: Crop = { left: 0, right: 0, top: 0, bottom: 0 };
/** At least this share of each dimension is kept. */
const MIN_KEEP = 10;

export interface Edit {
  /** Quarter turns clockwise, 0-3. */
  quarters: number;
  crop: Crop;
}

export const rotate = (quarters: number, by: 1 | -1) => (((quarters + by) % 4) + 4) % 4;

/** The image's size after the rotation. */
const rotatedSize = (width: number, height: number, quarters: number) =>
  quarters % 2 === 1 ? { width: height, height: width } : { width, height };

/** The part of the rotated image kept, in pixels (at least 1 x 1). */
function cropRect(width: number, height: number, crop: Crop) {
  const x = Math.round((width * crop.left) / 100);
  const y = Math.round((height * crop.top) / 100);
  const right = Math.round((width * crop.right) / 100);
  const bottom = Math.round((height * crop.bottom) / 100);
  return { x, y, width: Math.max(1, width - x - right), height: Math.max(1, height - y - bottom) };
}

/** The edited image's size: the rotated size, cropped. */
export function editedSize(width: number, height: number, edit: Edit) {
  const r = rotatedSize(width, height, edit.quarters);
  const c = cropRect(r.width, r.height, edit.crop);
  return { width: c.width, height: c.height };
}

/** A crop side's largest value: the opposite side's cut plus this leave MIN_KEEP. */
export const cropMax = (crop: Crop, side: keyof Crop) => {
  const opposite = { left: "right", right: "left", top: "bottom", bottom: "top" } as const;
  return 100 - MIN_KEEP - crop[opposite[side]];
};

/** Draws the edited image on `canvas`, sized to the result. */
export function drawEdited(
  canvas: HTMLCanvasElement,
  image: CanvasImageSource,
  width: number,
  height: number,
  edit: Edit,
) {
  const r = rotatedSize(width, height, edit.quarters);
  const c = cropRect(r.width, r.height, edit.crop);
  canvas.width = c.width;
  canvas.height = c.height;
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.save();
  // Move the kept part to the origin, then rotate the source about the rotated image's frame.
  ctx.translate(-c.x, -c.y);
  ctx.translate(r.width / 2, r.height / 2);
  ctx.rotate((edit.quarters * Math.PI) / 2);
  ctx.drawImage(image, -width / 2, -height / 2, width, height);
  ctx.restore();
}

/** "ward.jpg" -> "ward (edited).jpg". */
export function versionName(filename: string) {
  const dot = filename.lastIndexOf(".");
  return dot > 0 ? `${filename.slice(0, dot)} (edited)${filename.slice(dot)}` : `${filename} (edited)`;
}

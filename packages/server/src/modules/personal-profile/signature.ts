// The signature saved in the profile (ADR 0022): drawn on the sign-off's pad and checked as a
// drawn signature is at sign-off (a PNG of a sane size), stored with the personal profile, where
// sign-off reads it when the owner chooses "use my saved signature".
import { SUPERVISION_MESSAGES as M } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { badRequest } from "../../lib/errors.js";
import { drawnSignature } from "../../lib/signature-image.js";
import { savedSignature, savePersonalProfile } from "./repository.js";

export async function getSignature(deps: Deps, userId: string) {
  return { signature: await savedSignature(deps.prisma, userId) };
}

export async function saveSignature(deps: Deps, userId: string, dataUrl: string) {
  if (!drawnSignature(dataUrl)) throw badRequest(M.signatureInvalid, "SIGNATURE_INVALID");
  await savePersonalProfile(deps.prisma, userId, { signature: dataUrl });
  return { message: M.profileSignatureSaved, signature: dataUrl };
}

export async function deleteSignature(deps: Deps, userId: string) {
  await savePersonalProfile(deps.prisma, userId, { signature: null });
  return { message: M.profileSignatureDeleted };
}

// Validation rules for the basic details and tags (REQ-PROFILE-01, REQ-PROFILE-04), as pure functions.
import { MESSAGES, TAG_MAX_LENGTH } from "@cpd/contract";
import { isValidPhoneNumber } from "libphonenumber-js";
import { badRequest } from "../../lib/errors.js";

const blankToNull = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

/** The loose check of REQ-PROFILE-01: text, at sign, text, dot, text. */
export const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

export interface BasicDetailsInput {
  firstName: string;
  lastName: string;
  jobTitle?: string | null;
  nickname?: string | null;
  mobileNumber?: string | null;
  alternativeEmail?: string | null;
}

export function validateBasicDetails(input: BasicDetailsInput) {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!firstName) throw badRequest(MESSAGES.firstNameEmpty, "FIRST_NAME_EMPTY");
  if (!lastName) throw badRequest(MESSAGES.lastNameEmpty, "LAST_NAME_EMPTY");
  const mobileNumber = blankToNull(input.mobileNumber);
  // UK numbers may be written nationally (07…); others need their +country code.
  if (mobileNumber && !isValidPhoneNumber(mobileNumber, "GB"))
    throw badRequest(MESSAGES.invalidMobile, "INVALID_MOBILE");
  const alternativeEmail = blankToNull(input.alternativeEmail)?.toLowerCase() ?? null;
  if (alternativeEmail && !looksLikeEmail(alternativeEmail)) {
    throw badRequest("Please enter a valid email address", "INVALID_EMAIL");
  }
  return {
    firstName,
    lastName,
    jobTitle: blankToNull(input.jobTitle),
    nickname: blankToNull(input.nickname),
    mobileNumber,
    alternativeEmail,
  };
}

/** Trimmed, empty ignored, at most 50 characters, no duplicates (ignoring case). */
export function normaliseTags(tags: string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag) continue;
    if (tag.length > TAG_MAX_LENGTH) throw badRequest(MESSAGES.tagTooLong, "TAG_TOO_LONG");
    const key = tag.toLocaleLowerCase("en-GB");
    if (seen.has(key)) throw badRequest(MESSAGES.duplicateTag, "DUPLICATE_TAG");
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** JPEG or PNG judged by the first bytes, never by the declared type or name. */
export function sniffImageType(head: Buffer): "image/jpeg" | "image/png" | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return "image/png";
  return null;
}

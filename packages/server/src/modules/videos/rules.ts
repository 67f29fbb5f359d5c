// Video library rules (REQ-VIDEO-01, REQ-VIDEO-02), as pure functions of the library and the caller's membership.
import { isPrivateLibrary, offersCertificate, VIDEO_MESSAGES } from "@cpd/contract";
import { AppError, forbidden } from "../../lib/errors.js";

export interface LibraryFacts {
  name: string;
  premium: boolean;
}

/** A premium library is locked for anyone without an active (premium or corporate) membership. */
export const isLocked = (library: LibraryFacts, fullMember: boolean) => library.premium && !fullMember;

/**
 * Whether a certificate may be asked for. Libraries named for top tips or guides offer none;
 * private libraries, which the list marks `certificate: false`, still issue one through the
 * form shown at the end of their videos (REQ-VIDEO-02), so the server accepts them.
 */
export function checkCertificate(library: LibraryFacts, fullMember: boolean) {
  if (!offersCertificate(library.name) && !isPrivateLibrary(library.name)) {
    throw new AppError(422, "NO_CERTIFICATE", VIDEO_MESSAGES.noCertificate);
  }
  if (isLocked(library, fullMember)) throw forbidden(VIDEO_MESSAGES.premiumRequired, "PREMIUM_REQUIRED");
}

/** "Certificate: <video>", cut to the diary title's 200 characters. */
export const certificateTitle = (videoName: string) => `Certificate: ${videoName}`.slice(0, 200);

/** Hours as the diary form takes them ("1.5"), from the video's decimal hours. */
export const hoursText = (hours: number) => String(Math.round(hours * 100) / 100);

/**
 * The diary category of a certificate entry: "Online learning" where the user's categories
 * have it (an organisation's own list), else the standard list's education or "Other".
 */
export function certificateCategory(categories: readonly string[]): string {
  const find = (name: string) => categories.find((c) => c.toLowerCase() === name.toLowerCase());
  return find("Online learning") ?? find("Clinical Education") ?? find("Other") ?? (categories[0] as string);
}

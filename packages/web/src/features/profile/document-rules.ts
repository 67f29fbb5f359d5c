// Personal documents (REQ-PROFILE-06): the expiry indicator and the upload checks.
import {
  DOCUMENT_FILE_TYPES,
  DOCUMENT_MESSAGES,
  DOCUMENT_NAME_MAX_LENGTH,
  DOCUMENT_TYPES,
  EXPIRING_DOCUMENT_TYPES,
  MAX_FILE_BYTES,
} from "@cpd/contract";

export type ExpiryState = "expired" | "expiring-soon" | "expiring" | "valid";

const EXPIRY_THRESHOLDS = { flashing: 30, warning: 90 } as const;

/** Whole days from today to the expiry date (both ISO YYYY-MM-DD). */
export function daysUntil(expiry: string, today: string): number {
  const a = Date.parse(`${today}T00:00:00Z`);
  const b = Date.parse(`${expiry}T00:00:00Z`);
  return Math.round((b - a) / 86_400_000);
}

/** Expired at 0 or fewer days; a flashing warning at 30 or fewer; a warning at 90 or fewer; else valid. */
export function expiryState(expiry: string | null | undefined, today: string): ExpiryState | null {
  if (!expiry) return null;
  const days = daysUntil(expiry, today);
  if (days <= 0) return "expired";
  if (days <= EXPIRY_THRESHOLDS.flashing) return "expiring-soon";
  if (days <= EXPIRY_THRESHOLDS.warning) return "expiring";
  return "valid";
}

export function expiryText(state: ExpiryState, days: number): string {
  switch (state) {
    case "expired":
      return "Expired";
    case "expiring-soon":
    case "expiring":
      return days === 1 ? "Expires in 1 day" : `Expires in ${days} days`;
    default:
      return "Valid";
  }
}

export const DOCUMENT_ACCEPT = ".jpeg,.jpg,.png,.gif,.bmp,.webp,.pdf";
const EXTENSIONS = DOCUMENT_ACCEPT.split(",");

export function fileProblem(file: { name: string; size: number; type: string }): string | null {
  const ext = file.name.slice(file.name.lastIndexOf(".")).toLowerCase();
  if (!DOCUMENT_FILE_TYPES.includes(file.type) && !EXTENSIONS.includes(ext))
    return DOCUMENT_MESSAGES.fileType;
  if (file.size > MAX_FILE_BYTES) return DOCUMENT_MESSAGES.fileTooLarge;
  return null;
}

export const needsExpiry = (type: string | null) =>
  (EXPIRING_DOCUMENT_TYPES as readonly string[]).includes(type ?? "");

export interface DocumentDraft {
  file: { name: string; size: number; type: string } | null;
  name: string;
  type: string | null;
  /** ISO date, "" when blank, null when typed but invalid. */
  expiryDate: string | null;
}

export type DocumentErrors = Partial<Record<"file" | "name" | "type" | "expiryDate", string>>;

export function documentErrors(d: DocumentDraft): DocumentErrors {
  const e: DocumentErrors = {};
  if (!d.file) e.file = DOCUMENT_MESSAGES.fileRequired;
  else {
    const p = fileProblem(d.file);
    if (p) e.file = p;
  }
  if (!d.name.trim()) e.name = DOCUMENT_MESSAGES.nameRequired;
  else if (d.name.trim().length > DOCUMENT_NAME_MAX_LENGTH) e.name = DOCUMENT_MESSAGES.nameTooLong;
  if (!d.type) e.type = DOCUMENT_MESSAGES.typeRequired;
  if (d.expiryDate === null) e.expiryDate = "Please enter the date as DD/MM/YYYY.";
  else if (needsExpiry(d.type) && !d.expiryDate) e.expiryDate = DOCUMENT_MESSAGES.expiryRequired;
  return e;
}

/** "DRIVING_LICENCE" -> "Driving Licence"; a few need their capitals. */
const SPECIAL: Record<string, string> = {
  DBS_PVG: "DBS / PVG",
  GDPR_DATA_PROTECTION: "GDPR / Data Protection",
  COSHH_TRAINING: "COSHH Training",
  IT_TRAINING: "IT Training",
  EQUALITY_DIVERSITY: "Equality and Diversity",
  HEALTH_SAFETY: "Health and Safety",
};
export function documentTypeLabel(type: string): string {
  return (
    SPECIAL[type] ??
    type
      .toLowerCase()
      .split("_")
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(" ")
  );
}

export const DOCUMENT_TYPE_GROUPS = Object.entries(DOCUMENT_TYPES).map(([group, types]) => ({
  group,
  items: types.map((t) => ({ value: t, label: documentTypeLabel(t) })),
}));

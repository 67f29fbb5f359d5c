// What the personal-documents form and the documents calls say when they refuse something: one
// wording for the SPA's checks and the server's.
import { DOCUMENT_NAME_MAX_LENGTH } from "./constants.js";

export const DOCUMENT_MESSAGES = {
  fileTooLargeTitle: "File Size",
  fileTooLarge: "The file cannot exceed 10MB",
  /** The SPA's check of a chosen file. */
  fileType: "Please choose a JPEG, PNG, GIF, BMP, WebP or PDF file.",
  /** The server's refusal of a stored file that is not an image or a PDF. */
  storedFileType: "Documents must be an image (JPEG, PNG, GIF, BMP or WEBP) or a PDF.",
  fileRequired: "Please choose a file to upload.",
  fileInUse: "This file is already used by another document or an entry.",
  nameRequired: "Please enter a document name.",
  nameTooLong: `The document name cannot be longer than ${DOCUMENT_NAME_MAX_LENGTH} characters.`,
  typeRequired: "Please choose a document type.",
  expiryRequired: "Please enter the expiry date for your document.",
} as const;

// What an upload's refusals say (the wording of REQ-FILE-01 where it has one), and the errors carrying them.
import { AppError } from "../../lib/errors.js";

export const FILE_MESSAGES = {
  tooLarge: "The file size cannot exceed 10MB",
  type: "This type of file is not accepted. Upload a PDF, an image (JPEG, PNG, GIF, BMP or WEBP), an Office document or a text file.",
  quota: "Storage limit reached! Upgrade to Premium to store more than 100 MB of files",
  lengthRequired: "The upload must state its size (Content-Length)",
  empty: "The file is empty",
  mediaType:
    "Unsupported content type: send the file as multipart/form-data (a part named file) or as the raw body with its own media type",
  filenameRequired: "filename is required: name the file in the query (?filename=) or in the multipart part",
  timeout: "The upload was too slow and has been stopped. Please try again.",
  incomplete: "The upload ended before the stated size (Content-Length) was received",
} as const;

export const tooLarge = () => new AppError(413, "PAYLOAD_TOO_LARGE", FILE_MESSAGES.tooLarge);
export const unsupportedType = () => new AppError(415, "UNSUPPORTED_FILE_TYPE", FILE_MESSAGES.type);
export const uploadTimeout = () => new AppError(408, "REQUEST_TIMEOUT", FILE_MESSAGES.timeout);
export const incomplete = () => new AppError(400, "BAD_REQUEST", FILE_MESSAGES.incomplete);

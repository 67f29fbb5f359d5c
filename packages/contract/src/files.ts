import { type Static, Type } from "@sinclair/typebox";
import { MAX_FILE_BYTES } from "./constants.js";
import { Empty, endpoint, IsoDate, IsoDateTime, Nullable, Paged } from "./endpoint.js";
import { EntryTypeSchema } from "./entries.js";
import { IdentifierFinding } from "./identifiers.js";
import { IdParams, PageParams, Text, Uuid } from "./primitives.js";

const tags = ["files"];

/** Images the browser shows in place; every other stored file is downloaded (never rendered from our origin). */
export const INLINE_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const IMAGE_TYPES = [...INLINE_IMAGE_TYPES, "image/bmp"] as const;

/** What My Files and evidence accept, judged by the bytes (REQ-FILE-01). */
export const UPLOAD_TYPES = [
  ...IMAGE_TYPES,
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/msword",
  "text/plain",
] as const;

/**
 * Reading an uploaded PDF's or Word document's text for patient identifiers (ADR 0031): `pending`
 * until the worker has read it, `done`, `partial` (only the first EVIDENCE_TEXT_MAX_CHARS characters,
 * or what was read in time, were checked) or `failed` (unreadable, encrypted or damaged). Other
 * types (images, text files) are not read: the field is absent.
 */
export const TEXT_CHECK_STATES = ["pending", "done", "partial", "failed"] as const;
export type TextCheckState = (typeof TEXT_CHECK_STATES)[number];
/** Most characters of an evidence file's text that are checked (about 2 MB). */
export const EVIDENCE_TEXT_MAX_CHARS = 2_000_000;
/** Most findings kept for one file's text; `moreFindings` counts the rest. */
export const EVIDENCE_MAX_FINDINGS = 20;
/** Characters of context either side of a finding in its excerpt. */
export const EVIDENCE_EXCERPT_CONTEXT = 30;

/** What the file list says beside a file (ADR 0031): a finding's reason follows. */
export const EVIDENCE_FINDING_MESSAGES = {
  prefix: "May identify a patient:",
  inName: "in the file name",
  pending: "Checking this file for patient details…",
  failed:
    "This file could not be read to check it for patient details. Check it yourself before you share it.",
  partial: "Only the first part of this file could be checked for patient details.",
  more: (n: number) => `and ${n.toLocaleString("en-GB")} more in this file`,
} as const;

/**
 * A patient identifier found in a stored file's name or text (ADR 0029's finding, ADR 0031):
 * `start`/`end` are offsets into the name or into the extracted text; `excerpt` is the text
 * around it with the finding and every digit masked, never the identifier itself.
 */
export const EvidenceFinding = Type.Object({
  ...IdentifierFinding.properties,
  source: Type.Union([Type.Literal("filename"), Type.Literal("text")]),
  excerpt: Type.Optional(Text({ maxLength: 2 * EVIDENCE_EXCERPT_CONTEXT + 40 })),
});
export type EvidenceFinding = Static<typeof EvidenceFinding>;

export const StoredFileInfo = Type.Object(
  {
    id: Text(),
    storageId: Text(),
    filename: Text(),
    url: Text(),
    contentType: Text(),
    size: Type.Integer(),
    dateUploaded: IsoDateTime,
    entryId: Nullable(Text()),
    entryType: Nullable(EntryTypeSchema),
    entryTitle: Nullable(Text()),
    /** The file name's findings, then its text's (in order of position); absent when none. */
    identifierFindings: Type.Optional(Type.Array(EvidenceFinding)),
    /** Findings in the text beyond the EVIDENCE_MAX_FINDINGS kept. */
    moreFindings: Type.Optional(Type.Integer({ minimum: 1 })),
    textCheck: Type.Optional(Type.Union(TEXT_CHECK_STATES.map((s) => Type.Literal(s)))),
  },
  {
    examples: [
      {
        id: "3f2b8c1e-9a4d-4c6e-8b1a-2d5e7f9a0b1c",
        storageId: "3f2b8c1e-9a4d-4c6e-8b1a-2d5e7f9a0b1c",
        filename: "CPR certificate.pdf",
        url: "/api/file/3f2b8c1e-9a4d-4c6e-8b1a-2d5e7f9a0b1c",
        contentType: "application/pdf",
        size: 48213,
        dateUploaded: "2026-11-20T09:41:12.000Z",
        entryId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
        entryType: "diary",
        entryTitle: "Sepsis recognition update",
        textCheck: "done",
      },
    ],
  },
);

export const uploadFile = endpoint({
  method: "POST",
  path: "/file/upload",
  summary: "Upload a file, optionally as evidence of an entry",
  description:
    "Send the file either as a `multipart/form-data` form with one file part named `file` (its filename is " +
    "used unless `?filename=` is given), or as the raw body with its media type (or " +
    "`application/octet-stream`), a Content-Length and `?filename=`. At most 10 MB. The type is judged by " +
    "the content, not by the declared type: PDF, JPEG, PNG, GIF, BMP, WEBP, Word 97 (.doc), Office Open XML " +
    "(.docx/.xlsx/.pptx, whose package is checked), UTF-8 text (.txt) that is not HTML. A raw body without " +
    "Content-Length: 411; any other media type (JSON, a form): 415; a body that stalls or drags on: 408.",
  tags,
  auth: true,
  query: Type.Object({
    filename: Type.Optional(
      Text({
        minLength: 1,
        maxLength: 255,
        description: "The file's name (required for a raw body; a multipart part's filename otherwise)",
      }),
    ),
    entryId: Type.Optional(Uuid({ description: "Attach the file to this entry as evidence" })),
  }),
  rawBody: { contentTypes: [...UPLOAD_TYPES], maxBytes: MAX_FILE_BYTES, stream: true },
  response: StoredFileInfo,
});

export const listFiles = endpoint({
  method: "GET",
  path: "/file/limit/:perPage/page/:page",
  summary: "A page of the user's files",
  tags,
  auth: true,
  params: PageParams(100),
  query: Type.Object({
    filter: Type.Optional(Text({ maxLength: 200 })),
    sortBy: Type.Optional(Type.Union([Type.Literal("filename"), Type.Literal("date")])),
    sortDesc: Type.Optional(Type.Boolean()),
  }),
  response: Paged(StoredFileInfo),
});

export const unassignedFiles = endpoint({
  method: "GET",
  path: "/file/unassigned",
  summary: "Files not attached to any entry (to pick as evidence)",
  tags,
  auth: true,
  response: Type.Array(Type.Object({ id: Text(), filename: Text() })),
});

export const renameFile = endpoint({
  method: "PUT",
  path: "/file/:id",
  summary: "Rename a file",
  tags,
  auth: true,
  params: IdParams,
  body: Type.Object({ newFilename: Text({ minLength: 1, maxLength: 255 }) }),
  response: StoredFileInfo,
});

export const deleteFile = endpoint({
  method: "DELETE",
  path: "/file/:id",
  summary: "Delete a file (it is also removed from its entry)",
  tags,
  auth: true,
  params: IdParams,
  response: Empty,
});

/** Image types My Files edits in place (rotate, crop), saving a new version (docs/decisions/0025-governing-body-pages.md). */
export const EDITABLE_IMAGE_TYPES = ["image/jpeg", "image/png"] as const;

export const FILE_VERSION_MESSAGES = {
  notEditable:
    "Only a JPEG or PNG image can take an edited version, and the version must be an image of the same type that is not attached to an entry",
} as const;

export const replaceFileContent = endpoint({
  method: "POST",
  path: "/file/:id/replace",
  summary: "Keep an edited version of an image: the file takes the version's content",
  description:
    "The edited version is first uploaded as a file of its own (POST /file/upload), so the original and " +
    "the version both exist until the user chooses. This call keeps the version: the file `id` keeps its " +
    "name, its entry and its id, takes the content of `versionId`, and `versionId` is removed. Both must be " +
    "the caller's, JPEG or PNG of the same type, and the version not attached to an entry (400 " +
    "UNSUPPORTED_IMAGE otherwise). To keep the original instead, delete the version.",
  tags,
  auth: true,
  params: IdParams,
  body: Type.Object({ versionId: Uuid({ description: "The uploaded edited version" }) }),
  response: StoredFileInfo,
});

export const downloadFile = endpoint({
  method: "GET",
  path: "/file/:id",
  summary:
    "The file's bytes; the token may be passed as ?auth_token=. Raster images (JPEG, PNG, GIF, WEBP) are " +
    "served inline, anything else (PDFs included) as an attachment.",
  tags,
  auth: true,
  params: IdParams,
  query: Type.Object({ auth_token: Type.Optional(Text()), download: Type.Optional(Type.Boolean()) }),
  response: Type.Any(),
  binary: true,
  produces: ["application/octet-stream"],
});

export const DOCUMENT_TYPES = {
  "Identity & Eligibility": [
    "PASSPORT",
    "DRIVING_LICENCE",
    "BIRTH_CERTIFICATE",
    "NATIONAL_INSURANCE",
    "RIGHT_TO_WORK",
  ],
  "Professional Registration & Memberships": [
    "PROFESSIONAL_REGISTRATION",
    "MEMBERSHIP_CERTIFICATE",
    "SPECIALIST_ACCREDITATION",
    "FITNESS_TO_PRACTISE",
  ],
  "Education & Qualifications": [
    "ACADEMIC_CERTIFICATE",
    "PROFESSIONAL_QUALIFICATION",
    "TRANSCRIPT",
    "APPRENTICESHIP_CERTIFICATE",
  ],
  "Mandatory & Compliance Training": [
    "LIFE_SUPPORT_CERTIFICATE",
    "MANUAL_HANDLING",
    "FIRE_SAFETY",
    "SAFEGUARDING",
    "EQUALITY_DIVERSITY",
    "INFECTION_CONTROL",
    "FIRST_AID",
    "HEALTH_SAFETY",
    "GDPR_DATA_PROTECTION",
  ],
  "Specialist or Role-Specific": [
    "COSHH_TRAINING",
    "FOOD_HYGIENE",
    "CONFLICT_RESOLUTION",
    "MENTAL_HEALTH_AWARENESS",
    "EMERGENCY_RESPONSE",
    "EQUIPMENT_OPERATION",
  ],
  "Work-Related": [
    "DBS_PVG",
    "IMMUNISATION_RECORD",
    "OCCUPATIONAL_HEALTH",
    "SECURITY_CLEARANCE",
    "REFERENCES",
    "APPRAISAL",
  ],
  "CPD & Learning": [
    "CPD_CERTIFICATE",
    "CONFERENCE_ATTENDANCE",
    "REFLECTIVE_PRACTICE",
    "LEARNING_OUTCOMES",
    "PUBLICATIONS",
    "AWARDS",
  ],
  "Digital & Skills": ["IT_TRAINING", "LANGUAGE_CERTIFICATE", "PROJECT_MANAGEMENT", "TECHNICAL_SKILLS"],
  General: ["OTHER"],
} as const;
export const ALL_DOCUMENT_TYPES = Object.values(DOCUMENT_TYPES).flat();
/** Identity documents whose file is renamed to a standard name and which need an expiry date. */
export const EXPIRING_DOCUMENT_TYPES = ["PASSPORT", "DRIVING_LICENCE"] as const;
export const DOCUMENT_FILE_TYPES: readonly string[] = [...IMAGE_TYPES, "application/pdf"];

export const IdentityDocument = Type.Object({
  id: Text(),
  uploadStorageId: Text(),
  type: Text(),
  name: Text(),
  expiryDate: Nullable(IsoDate),
  uploadDate: IsoDateTime,
  fileType: Text(),
  filename: Text(),
});

export const createDocument = endpoint({
  method: "POST",
  path: "/identity-documents",
  summary: "Record an uploaded file as a personal document",
  tags: ["documents"],
  auth: true,
  body: Type.Object({
    uploadStorageId: Uuid(),
    type: Type.Union(ALL_DOCUMENT_TYPES.map((t) => Type.Literal(t))),
    name: Text({ maxLength: 1000 }),
    expiryDate: Type.Optional(Nullable(IsoDate)),
  }),
  response: IdentityDocument,
});

export const listDocuments = endpoint({
  method: "GET",
  path: "/identity-documents",
  summary: "The user's personal documents, newest first",
  tags: ["documents"],
  auth: true,
  query: Type.Object({ type: Type.Optional(Text({ maxLength: 50 })) }),
  response: Type.Array(IdentityDocument),
});

export const deleteDocument = endpoint({
  method: "DELETE",
  path: "/identity-documents/:id",
  summary: "Delete a personal document and its file",
  tags: ["documents"],
  auth: true,
  params: IdParams,
  response: Empty,
});

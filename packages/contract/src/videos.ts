// Video libraries (CPD Hub) and attendance certificates (REQ-VIDEO-01, REQ-VIDEO-02),
// and the administrators' management of libraries and videos.
import { Type } from "@sinclair/typebox";
import { LOGO_UPLOAD_TYPES } from "./branding.js";
import { Empty, endpoint, IsoDateTime, Message, Nullable } from "./endpoint.js";
import { HttpUrl, IdParams, Int, Text } from "./primitives.js";

const tags = ["videos"];

/** No certificate for libraries with these words in their name (REQ-VIDEO-02). */
export const NO_CERTIFICATE_WORDS = ["top tips", "guides", "private"] as const;
export const offersCertificate = (libraryName: string) =>
  !NO_CERTIFICATE_WORDS.some((w) => libraryName.toLowerCase().includes(w));
/** Private libraries show a certificate form at the end of the video instead. */
export const isPrivateLibrary = (libraryName: string) => libraryName.toLowerCase().includes("private");

export const VIDEO_MESSAGES = {
  certificateGenerated: "Certificate successfully generated",
  noLibraries: "No videos currently available.",
  emptyLibrary: "There are currently no videos in this library. Please check back later.",
  premiumRequired: "This library is for premium members. Upgrade to watch its videos.",
  noCertificate: "Certificates are not offered for this library.",
  confirmRequired: "Please confirm that you watched the whole video.",
  thumbnailTooLarge: "The thumbnail file is too large: it can be at most 1 MB.",
  thumbnailType: "The thumbnail must be a PNG, JPEG or SVG image.",
  thumbnailUnreadable: "The thumbnail could not be read as a PNG, JPEG or SVG image.",
  thumbnailUploadOnly: "Upload the thumbnail as a file (PNG, JPEG or SVG); a web address cannot be entered.",
  thumbnailNotFound: "This video has no thumbnail.",
} as const;

/**
 * Video thumbnails live in our storage and are served from this origin, as organisation logos
 * are (ADR 0021): PNG, JPEG or SVG uploads of at most 1 MB, stored as a PNG of at most
 * THUMBNAIL_MAX_PIXELS on the longer side.
 */
export const THUMBNAIL_UPLOAD_TYPES = LOGO_UPLOAD_TYPES;
export const THUMBNAIL_MAX_BYTES = 1024 * 1024;
export const THUMBNAIL_MAX_PIXELS = 1280;

export const VIDEO_LIMITS = { nameMax: 200, descriptionMax: 2_000, durationMax: 86_400 } as const;

export const Video = Type.Object({
  videoId: Text(),
  name: Text(),
  description: Text(),
  /**
   * This origin's address of the uploaded thumbnail (`/api/videos/{videoId}/thumbnail?v=…`), or
   * null. An older foreign address is given to administrators only (the page does not show it).
   */
  thumbnail: Nullable(Text()),
  /** Seconds. */
  duration: Type.Integer(),
  views: Type.Integer(),
  /** Null when the library is locked for the caller. */
  url: Nullable(Text()),
  /** CPD hours the certificate records. */
  hours: Type.Number(),
});
export const VideoLibrary = Type.Object({
  id: Text(),
  name: Text(),
  premium: Type.Boolean(),
  /** Premium library and the caller has no active membership. */
  locked: Type.Boolean(),
  certificate: Type.Boolean(),
  private: Type.Boolean(),
  videos: Type.Array(Video),
});

export const videoLibraries = endpoint({
  method: "GET",
  path: "/videos/v2",
  summary:
    "The video libraries (CPD Hub) and their videos; premium libraries are locked without a membership",
  tags,
  auth: true,
  response: Type.Object({ libraries: Type.Array(VideoLibrary) }),
});

export const requestCertificate = endpoint({
  method: "POST",
  path: "/videos/:videoId/certificate",
  errors: [422],
  summary:
    "Generate an attendance certificate for a watched video: a PDF e-mailed to the user and kept as a diary entry. " +
    "Asking again for the same video answers the same certificate.",
  tags,
  auth: true,
  params: Type.Object({ videoId: Text({ minLength: 1, maxLength: 100 }) }),
  body: Type.Object(
    {
      /** The "I watched this video in full" tick: false is refused with VIDEO_MESSAGES.confirmRequired. */
      confirm: Type.Boolean(),
      /** What the user took from the video, printed on the entry. */
      reflection: Type.Optional(Text({ maxLength: 5_000 })),
    },
    { additionalProperties: false },
  ),
  response: Type.Object({ message: Text(), certificateId: Text() }),
});

// ---- administration ----

const LibraryInput = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: VIDEO_LIMITS.nameMax }),
    premium: Type.Boolean(),
    position: Type.Optional(Int(0, 10_000)),
  },
  { additionalProperties: false },
);
const VideoInput = Type.Object(
  {
    videoId: Text({ minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9_-]+$" }),
    name: Text({ minLength: 1, maxLength: VIDEO_LIMITS.nameMax }),
    description: Type.Optional(Text({ maxLength: VIDEO_LIMITS.descriptionMax })),
    url: HttpUrl(),
    thumbnail: Type.Optional(
      Nullable(
        Text({
          maxLength: 2_048,
          description:
            "Upload a thumbnail with `POST admin/videos/{id}/thumbnail`. Here: omitted or the value the " +
            "library answer gave keeps it, null removes it; anything else is 400 (a web address cannot be set).",
        }),
      ),
    ),
    duration: Int(1, VIDEO_LIMITS.durationMax),
    hours: Type.Optional(Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.25 })),
    position: Type.Optional(Int(0, 10_000)),
  },
  { additionalProperties: false },
);
export const AdminVideoLibrary = Type.Object({
  id: Text(),
  name: Text(),
  premium: Type.Boolean(),
  position: Type.Integer(),
  videos: Type.Array(Type.Intersect([Video, Type.Object({ id: Text(), position: Type.Integer() })])),
  createdAt: IsoDateTime,
});

const adminTags = ["admin", "videos"];
export const adminVideoLibraries = endpoint({
  method: "GET",
  path: "/admin/video-libraries",
  summary: "Every video library with its videos (administrators)",
  tags: adminTags,
  auth: true,
  response: Type.Object({ libraries: Type.Array(AdminVideoLibrary) }),
});
export const createVideoLibrary = endpoint({
  method: "POST",
  path: "/admin/video-libraries",
  summary: "Create a video library (administrators)",
  tags: adminTags,
  auth: true,
  body: LibraryInput,
  response: AdminVideoLibrary,
});
export const updateVideoLibrary = endpoint({
  method: "PUT",
  path: "/admin/video-libraries/:id",
  summary: "Rename a video library or change whether it is premium (administrators)",
  tags: adminTags,
  auth: true,
  params: IdParams,
  body: LibraryInput,
  response: AdminVideoLibrary,
});
export const deleteVideoLibrary = endpoint({
  method: "DELETE",
  path: "/admin/video-libraries/:id",
  summary: "Delete an empty video library (administrators)",
  tags: adminTags,
  auth: true,
  params: IdParams,
  response: Empty,
});
export const createVideo = endpoint({
  method: "POST",
  path: "/admin/video-libraries/:id/videos",
  summary: "Add a video to a library (administrators)",
  tags: adminTags,
  auth: true,
  params: IdParams,
  body: VideoInput,
  response: AdminVideoLibrary,
});
export const updateVideo = endpoint({
  method: "PUT",
  path: "/admin/videos/:id",
  summary: "Change a video (administrators)",
  tags: adminTags,
  auth: true,
  params: IdParams,
  body: VideoInput,
  response: AdminVideoLibrary,
});
export const deleteVideo = endpoint({
  method: "DELETE",
  path: "/admin/videos/:id",
  summary: "Remove a video; certificates already issued stay in their owners' entries (administrators)",
  tags: adminTags,
  auth: true,
  params: IdParams,
  response: Message,
});

export const uploadVideoThumbnail = endpoint({
  method: "POST",
  path: "/admin/videos/:id/thumbnail",
  summary: "Upload a video's thumbnail (PNG, JPEG or SVG, at most 1 MB; administrators)",
  description:
    "Send the image as the raw body (image/png, image/jpeg or image/svg+xml) or as a multipart form " +
    "with one file part named `file`. It is re-encoded as a PNG of at most 1280 pixels on its longer " +
    "side (an SVG is rasterised) and served from this origin. 413 for a file over 1 MB, 415 for any " +
    "other type or an image that will not decode.",
  tags: adminTags,
  auth: true,
  params: IdParams,
  rawBody: { contentTypes: THUMBNAIL_UPLOAD_TYPES, maxBytes: THUMBNAIL_MAX_BYTES },
  response: AdminVideoLibrary,
});

export const videoThumbnail = endpoint({
  method: "GET",
  path: "/videos/:videoId/thumbnail",
  summary: "A video's thumbnail (public, cacheable PNG served from this origin)",
  description:
    "The address the library answers give (`thumbnail`). The `v` query changes with each upload, so " +
    "the answer may be cached for a long time.",
  tags,
  auth: false,
  params: Type.Object({ videoId: Text({ minLength: 1, maxLength: 100 }) }),
  query: Type.Object({
    v: Type.Optional(Text({ maxLength: 100, description: "A version tag that changes with the thumbnail" })),
  }),
  response: Type.Any(),
  binary: true,
  produces: ["image/png"],
});

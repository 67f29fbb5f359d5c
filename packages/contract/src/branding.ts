// Organisation logos in our own storage (ADR 0021): the administrator uploads a PNG, JPEG or SVG
// file; the server re-encodes it as a PNG (an SVG is rasterised, so no script of it survives) and
// answers it from this origin, so the page's Content-Security-Policy shows it and the portfolio's
// front page draws it without fetching a foreign address.
import { Type } from "@sinclair/typebox";
import { AdminOrganisation } from "./admin.js";
import { endpoint } from "./endpoint.js";
import { SerialId, Text } from "./primitives.js";

/** The two logos: the header's (also the portfolio front page's), and the login page's own. */
export const LOGO_KINDS = ["logo", "login-logo"] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];

export const LOGO_UPLOAD_TYPES = ["image/png", "image/jpeg", "image/svg+xml"];
/** At most 1 MB uploaded; the stored copy is at most LOGO_MAX_PIXELS on its longer side. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_MAX_PIXELS = 1024;

export const LOGO_MESSAGES = {
  tooLarge: "The logo file is too large: it can be at most 1 MB.",
  type: "The logo must be a PNG, JPEG or SVG image.",
  unreadable: "The logo could not be read as a PNG, JPEG or SVG image.",
  uploadOnly: "Upload the logo as a file (PNG, JPEG or SVG); a web address cannot be entered.",
  notFound: "This organisation has no logo.",
  foreign:
    "This logo is at another web address, which the page's security policy does not show. Upload it as a file.",
} as const;

const tags = ["admin"];
const LogoParams = Type.Object({
  id: SerialId(),
  kind: Type.Union(
    LOGO_KINDS.map((k) => Type.Literal(k)),
    { description: "Which logo: the header's (`logo`) or the login page's (`login-logo`)" },
  ),
});

export const uploadOrganisationLogo = endpoint({
  method: "POST",
  path: "/admin/organisations/:id/logos/:kind",
  summary: "Upload an organisation's logo or login page logo (PNG, JPEG or SVG, at most 1 MB)",
  description:
    "Send the image as the raw body (image/png, image/jpeg or image/svg+xml) or as a multipart form " +
    "with one file part named `file`. The image is re-encoded as a PNG of at most 1024 pixels on its " +
    "longer side; an SVG is rasterised (scripts, event handlers and external references never run). " +
    "413 for a file over 1 MB, 415 for any other type or an image that will not decode.",
  tags,
  auth: true,
  params: LogoParams,
  rawBody: { contentTypes: LOGO_UPLOAD_TYPES, maxBytes: LOGO_MAX_BYTES },
  response: AdminOrganisation,
});

export const organisationLogo = endpoint({
  method: "GET",
  path: "/organisations/:id/logos/:kind",
  summary: "An organisation's logo (public, cacheable PNG served from this origin)",
  description:
    "The address the branding and the administrator's organisation answer give (`logoUrl`). " +
    "The `v` query changes with each upload, so the answer may be cached for a long time.",
  tags: ["shell"],
  auth: false,
  params: LogoParams,
  query: Type.Object({
    v: Type.Optional(
      Text({
        maxLength: 100,
        description: "A version tag that changes with the logo (cache busting)",
      }),
    ),
  }),
  response: Type.Any(),
  binary: true,
  produces: ["image/png"],
});

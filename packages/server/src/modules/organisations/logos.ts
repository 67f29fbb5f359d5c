// Organisation logos in our own storage (ADR 0021). Every logo is stored as a PNG we encoded:
// PNG and JPEG uploads are decoded and re-encoded (metadata dropped), an SVG is sanitised and
// rasterised, so what the browser and the PDF worker get is never a script and never a foreign
// address. Older values (a `data:` logo from the seed, an https address) are read as they were:
// a `data:` image is answered from this origin at once and moved into storage on the next save;
// an https address is never fetched by the server (it would let an administrator make the server
// call any address), so it stays, unshown, until a file is uploaded in its place.
import { createHash } from "node:crypto";
import { LOGO_MAX_PIXELS, LOGO_MESSAGES, type LogoKind } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import { Storage } from "../../lib/storage.js";
import { prepareUploadedImage } from "../../lib/uploaded-image.js";
import { findOrganisation } from "./repository.js";

interface LogoColumns {
  id: number;
  logoUrl: string | null;
  loginLogoUrl: string | null;
  logoKey: string | null;
  loginLogoKey: string | null;
}

const COLUMNS = {
  logo: { url: "logoUrl", key: "logoKey" },
  "login-logo": { url: "loginLogoUrl", key: "loginLogoKey" },
} as const satisfies Record<LogoKind, { url: keyof LogoColumns; key: keyof LogoColumns }>;

const unreadable = () => new AppError(415, "UNSUPPORTED_IMAGE", LOGO_MESSAGES.unreadable);
const prepareLogo = (bytes: Buffer) => prepareUploadedImage(bytes, LOGO_MAX_PIXELS, unreadable);

/** The bytes of a `data:` image address (base64 or percent-encoded), or null for anything else. */
function dataUrlBytes(url: string | null): Buffer | null {
  const m = url?.match(/^data:image\/(png|jpeg|svg\+xml)(;[^,]*)?,(.*)$/is);
  if (!m) return null;
  const params = m[2] ?? "";
  try {
    return /;base64/i.test(params)
      ? Buffer.from(m[3] ?? "", "base64")
      : Buffer.from(decodeURIComponent(m[3] ?? ""), "utf8");
  } catch {
    return null;
  }
}

const isForeign = (url: string | null) => Boolean(url) && !url?.startsWith("data:");
const version = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 12);

/**
 * The address a logo is shown at: this origin's logo call for a stored or `data:` logo. A
 * foreign address is answered as it is only when `foreign` (the administrator's form shows it).
 */
export function logoAddress(o: LogoColumns, kind: LogoKind, { foreign = false } = {}): string | null {
  const key = o[COLUMNS[kind].key];
  const url = o[COLUMNS[kind].url];
  const at = (v: string) => `/api/organisations/${o.id}/logos/${kind}?v=${v}`;
  if (key) return at(version(key));
  if (dataUrlBytes(url)) return at(version(url ?? ""));
  return foreign && isForeign(url) ? url : null;
}

/** The administrator's notice for a logo still at a foreign address, or null. */
export function logoNotice(o: LogoColumns): string | null {
  const foreign = (["logo", "login-logo"] as const).some(
    (k) => !o[COLUMNS[k].key] && isForeign(o[COLUMNS[k].url]),
  );
  return foreign ? LOGO_MESSAGES.foreign : null;
}

/** Stores an uploaded logo; answers the columns to write (the caller deletes `replaced` after commit). */
export async function storeLogo(deps: Deps, o: LogoColumns, kind: LogoKind, body: Buffer) {
  const png = await prepareLogo(body);
  const key = Storage.newKey("organisation-logos");
  await deps.storage.put(key, png, "image/png", png.length);
  return {
    data: { [COLUMNS[kind].key]: key, [COLUMNS[kind].url]: null },
    replaced: o[COLUMNS[kind].key],
  };
}

/**
 * The columns a saved form writes for the logos: null removes a logo, the value as it was read
 * keeps it (a `data:` logo is moved into storage then; one that will not decode stays as it is),
 * anything else is refused. `replaced`: stored objects to delete once the change is committed.
 */
export async function logoColumnsOnSave(
  deps: Deps,
  o: LogoColumns | null,
  sent: { logoUrl: string | null; loginLogoUrl: string | null },
) {
  const data: Record<string, string | null> = {};
  const replaced: string[] = [];
  for (const kind of ["logo", "login-logo"] as const) {
    const { url, key } = COLUMNS[kind];
    const value = sent[url];
    const stored = o?.[key] ?? null;
    if (value === null) {
      data[url] = null;
      data[key] = null;
      if (stored) replaced.push(stored);
      continue;
    }
    if (!o || value !== logoAddress(o, kind, { foreign: true })) {
      throw badRequest(LOGO_MESSAGES.uploadOnly, "VALIDATION_ERROR");
    }
    const bytes = stored ? null : dataUrlBytes(o[url]);
    if (bytes) {
      const moved = await storeLogo(deps, o, kind, bytes).catch(() => null);
      if (moved) Object.assign(data, moved.data);
    }
  }
  return { data, replaced };
}

/** A logo's PNG bytes (stored, or decoded from an older `data:` address), or null when it has none. */
async function logoBytes(storage: Storage, o: LogoColumns, kind: LogoKind): Promise<Buffer | null> {
  const key = o[COLUMNS[kind].key];
  if (key) return storage.getBytes(key);
  const bytes = dataUrlBytes(o[COLUMNS[kind].url]);
  return bytes ? prepareLogo(bytes).catch(() => null) : null;
}

/** The logo call's answer: the PNG, or 404 when the organisation has no logo of ours. */
async function servedLogo(deps: Deps, o: LogoColumns | null, kind: LogoKind) {
  const bytes = o ? await logoBytes(deps.storage, o, kind) : null;
  if (!bytes) throw notFound(LOGO_MESSAGES.notFound, "NOT_FOUND");
  return bytes;
}

/** The columns the logo functions read (a select for Prisma). */
export const LOGO_SELECT = {
  id: true,
  logoUrl: true,
  loginLogoUrl: true,
  logoKey: true,
  loginLogoKey: true,
} as const;

/** The PNG of an organisation's logo, for the public logo call (404 when it has none of ours). */
export async function organisationLogo(deps: Deps, id: number, kind: LogoKind) {
  return servedLogo(deps, await findOrganisation(deps.prisma, id, LOGO_SELECT), kind);
}

/** The header logo's PNG for the portfolio's front page, or null (none, or it will not decode). */
export const frontPageLogo = (storage: Storage, o: LogoColumns): Promise<Buffer | null> =>
  logoBytes(storage, o, "logo").catch(() => null);

// Video libraries (the CPD Hub), attendance certificates and their administration.
import { randomUUID } from "node:crypto";
import {
  type api,
  type BodyOf,
  isPrivateLibrary,
  MESSAGES,
  offersCertificate,
  type ResponseOf,
  VIDEO_MESSAGES,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { certificateJob } from "../../jobs/definitions/certificate.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { mapDbError } from "../../lib/store-errors.js";
import { isFullMember, loadAccount, membershipFacts } from "../account/index.js";
import type { LibraryRow } from "./repository.js";
import * as repo from "./repository.js";
import { checkCertificate, isLocked } from "./rules.js";
import { prepareThumbnail, thumbnailAddress, thumbnailColumnsOnSave } from "./thumbnails.js";

type LibraryInput = BodyOf<typeof api.createVideoLibrary>;
type VideoInput = BodyOf<typeof api.createVideo>;
type AdminLibrary = ResponseOf<typeof api.adminVideoLibraries>["libraries"][number];

const VIDEO_NOT_FOUND = () => notFound("Video not found", "VIDEO_NOT_FOUND");
const LIBRARY_NOT_FOUND = () => notFound("Video library not found", "LIBRARY_NOT_FOUND");

/** A unique clash, from Prisma (P2002) or the driver (23505). */
const isUniqueClash = (err: unknown) => mapDbError(err)?.code === "ALREADY_EXISTS";

type VideoRow = LibraryRow["videos"][number];

async function fullMember(deps: Deps, userId: string) {
  const account = await loadAccount(deps.pool, userId);
  if (!account) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  return isFullMember(membershipFacts(account), deps.today());
}

/** `admin`: an older foreign thumbnail address is given too (members' pages would not show it). */
const videoOut = (v: VideoRow, locked: boolean, admin = false) => ({
  videoId: v.videoId,
  name: v.name,
  description: v.description,
  thumbnail: thumbnailAddress(v, { foreign: admin }),
  duration: v.duration,
  views: v.views,
  url: locked ? null : v.url,
  hours: Number(v.hours),
});

export async function libraries(deps: Deps, userId: string): Promise<ResponseOf<typeof api.videoLibraries>> {
  const [member, rows] = await Promise.all([fullMember(deps, userId), repo.librariesWithVideos(deps.prisma)]);
  return {
    libraries: rows.map((l) => {
      const locked = isLocked(l, member);
      return {
        id: l.id,
        name: l.name,
        premium: l.premium,
        locked,
        certificate: offersCertificate(l.name),
        private: isPrivateLibrary(l.name),
        videos: l.videos.map((v) => videoOut(v, locked)),
      };
    }),
  };
}

/**
 * One certificate per user and video: asking again answers the same one, and once it is issued
 * e-mails it again. The worker renders it, files it as a diary entry with the PDF as evidence
 * and e-mails it (jobs/certificate.ts).
 */
export async function requestCertificate(
  deps: Deps,
  userId: string,
  videoId: string,
  { confirm, reflection }: { confirm: boolean; reflection?: string },
) {
  if (!confirm) throw badRequest(VIDEO_MESSAGES.confirmRequired, "VALIDATION_ERROR");
  const video = await repo.videoWithLibrary(deps.prisma, videoId);
  if (!video) throw VIDEO_NOT_FOUND();
  checkCertificate(video.library, await fullMember(deps, userId));
  const key = { userId, videoId: video.id };
  let cert = await repo.findCertificate(deps.prisma, key);
  if (!cert) {
    try {
      cert = await repo.createCertificate(deps.prisma, {
        userId,
        videoId: video.id,
        videoName: video.name,
        reflection: reflection?.trim() || null,
      });
    } catch (err) {
      // The same request sent twice at once: the other one made it.
      if (!isUniqueClash(err)) throw err;
      cert = await repo.findCertificateOrThrow(deps.prisma, key);
    }
  }
  // Not yet issued: the job id is the certificate's, so a queued or recent job is not queued
  // twice. Issued: each request e-mails the same certificate again (ADR 0018).
  const jobId =
    cert.state === "Issued" ? `certificate-${cert.id}-again-${randomUUID()}` : `certificate-${cert.id}`;
  await deps.queues.enqueue(certificateJob, { certificateId: cert.id }, jobId);
  return { message: VIDEO_MESSAGES.certificateGenerated, certificateId: cert.id };
}

// ---- administration ----

const adminLibrary = (l: LibraryRow): AdminLibrary => ({
  id: l.id,
  name: l.name,
  premium: l.premium,
  position: l.position,
  createdAt: l.createdAt.toISOString(),
  videos: l.videos.map((v) => ({ ...videoOut(v, false, true), id: v.id, position: v.position })),
});

const loadLibrary = async (deps: Deps, id: string) =>
  adminLibrary(await repo.libraryWithVideos(deps.prisma, id));

export async function adminLibraries(deps: Deps) {
  const rows = await repo.librariesWithVideos(deps.prisma);
  return { libraries: rows.map(adminLibrary) };
}

const LIBRARY_EXISTS = () => conflict("A video library with this name already exists", "ALREADY_EXISTS");

export async function createLibrary(deps: Deps, input: LibraryInput) {
  const last = await repo.lastLibraryPosition(deps.prisma);
  try {
    const row = await repo.createLibrary(deps.prisma, {
      name: input.name.trim(),
      premium: input.premium,
      position: input.position ?? (last ?? -1) + 1,
    });
    return adminLibrary(row);
  } catch (err) {
    throw isUniqueClash(err) ? LIBRARY_EXISTS() : err;
  }
}

export async function updateLibrary(deps: Deps, id: string, input: LibraryInput) {
  try {
    const updated = await repo.updateLibrary(deps.prisma, id, {
      name: input.name.trim(),
      premium: input.premium,
      ...(input.position === undefined ? {} : { position: input.position }),
    });
    if (updated.count !== 1) throw LIBRARY_NOT_FOUND();
  } catch (err) {
    throw isUniqueClash(err) ? LIBRARY_EXISTS() : err;
  }
  return loadLibrary(deps, id);
}

export async function deleteLibrary(deps: Deps, id: string) {
  const deleted = await repo.deleteEmptyLibrary(deps.prisma, id);
  if (deleted.count === 1) return {};
  if (!(await repo.libraryExists(deps.prisma, id))) throw LIBRARY_NOT_FOUND();
  throw conflict("Remove the library's videos before deleting it", "LIBRARY_NOT_EMPTY");
}

const VIDEO_EXISTS = () => conflict("A video with this id already exists", "VIDEO_EXISTS");

const videoData = (input: VideoInput) => ({
  videoId: input.videoId,
  name: input.name.trim(),
  description: input.description ?? "",
  url: input.url,
  duration: input.duration,
  ...(input.hours === undefined ? {} : { hours: input.hours }),
});

export async function createVideo(deps: Deps, libraryId: string, input: VideoInput) {
  if (!(await repo.libraryExists(deps.prisma, libraryId))) throw LIBRARY_NOT_FOUND();
  const last = await repo.lastVideoPosition(deps.prisma, libraryId);
  try {
    await repo.createVideo(deps.prisma, {
      ...videoData(input),
      ...thumbnailColumnsOnSave(null, input.thumbnail).data,
      libraryId,
      position: input.position ?? (last ?? -1) + 1,
    });
  } catch (err) {
    throw isUniqueClash(err) ? VIDEO_EXISTS() : err;
  }
  return loadLibrary(deps, libraryId);
}

/** A stored object no row names any more; a failure leaves an orphan, never an error for the caller. */
const forget = (deps: Deps, key: string | null) =>
  key ? deps.storage.delete(key).catch(() => undefined) : Promise.resolve();

export async function updateVideo(deps: Deps, id: string, input: VideoInput) {
  const video = await repo.videoThumbnailColumns(deps.prisma, id);
  if (!video) throw VIDEO_NOT_FOUND();
  const thumbnail = thumbnailColumnsOnSave(video, input.thumbnail);
  try {
    const updated = await repo.updateVideo(deps.prisma, id, {
      ...videoData(input),
      ...thumbnail.data,
      ...(input.position === undefined ? {} : { position: input.position }),
    });
    if (updated.count !== 1) throw VIDEO_NOT_FOUND();
  } catch (err) {
    throw isUniqueClash(err) ? VIDEO_EXISTS() : err;
  }
  await forget(deps, thumbnail.replaced);
  return loadLibrary(deps, video.libraryId);
}

/** Stores an uploaded thumbnail in place of the video's current one (ADR 0021). */
export async function uploadThumbnail(deps: Deps, id: string, body: Buffer) {
  const video = await repo.videoThumbnailColumns(deps.prisma, id);
  if (!video) throw VIDEO_NOT_FOUND();
  const { key, png } = await prepareThumbnail(body);
  await deps.storage.put(key, png, "image/png", png.length);
  const updated = await repo.updateVideo(deps.prisma, id, { thumbnailKey: key, thumbnail: null });
  if (updated.count !== 1) {
    await forget(deps, key);
    throw VIDEO_NOT_FOUND();
  }
  await forget(deps, video.thumbnailKey);
  return loadLibrary(deps, video.libraryId);
}

/** The public thumbnail call's PNG (404 when the video has none of ours). */
export async function thumbnail(deps: Deps, videoId: string): Promise<Buffer> {
  const key = await repo.thumbnailKeyOf(deps.prisma, videoId);
  const png = key ? await deps.storage.getBytes(key) : null;
  if (!png) throw notFound(VIDEO_MESSAGES.thumbnailNotFound, "NOT_FOUND");
  return png;
}

/** Certificates already issued stay: their video link is cleared, their name and entry kept. */
export async function deleteVideo(deps: Deps, id: string) {
  const video = await repo.videoThumbnailColumns(deps.prisma, id);
  const deleted = await repo.deleteVideo(deps.prisma, id);
  if (deleted.count !== 1) throw VIDEO_NOT_FOUND();
  await forget(deps, video?.thumbnailKey ?? null);
  return { message: "Deleted Successfully" };
}

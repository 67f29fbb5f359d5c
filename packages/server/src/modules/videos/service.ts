// Video libraries (the CPD Hub), attendance certificates and their administration.
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
import type { Prisma } from "../../generated/prisma/client.js";
import { certificateJob } from "../../jobs/certificate.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { mapDbError } from "../../lib/store-errors.js";
import { isFullMember, loadAccount, membershipFacts } from "../account/index.js";
import { checkCertificate, isLocked } from "./rules.js";

type LibraryInput = BodyOf<typeof api.createVideoLibrary>;
type VideoInput = BodyOf<typeof api.createVideo>;
type AdminLibrary = ResponseOf<typeof api.adminVideoLibraries>["libraries"][number];

const VIDEO_NOT_FOUND = () => notFound("Video not found", "VIDEO_NOT_FOUND");
const LIBRARY_NOT_FOUND = () => notFound("Video library not found", "LIBRARY_NOT_FOUND");

/** A unique clash, from Prisma (P2002) or the driver (23505). */
const isUniqueClash = (err: unknown) => mapDbError(err)?.code === "ALREADY_EXISTS";

const WITH_VIDEOS = {
  videos: { orderBy: [{ position: "asc" }, { name: "asc" }] },
} satisfies Prisma.VideoLibraryInclude;
type LibraryRow = Prisma.VideoLibraryGetPayload<{ include: typeof WITH_VIDEOS }>;
type VideoRow = LibraryRow["videos"][number];

const LIBRARY_ORDER = [
  { position: "asc" },
  { name: "asc" },
] satisfies Prisma.VideoLibraryOrderByWithRelationInput[];

async function fullMember(deps: Deps, userId: string) {
  const account = await loadAccount(deps.pool, userId);
  if (!account) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  return isFullMember(membershipFacts(account), deps.today());
}

const videoOut = (v: VideoRow, locked: boolean) => ({
  videoId: v.videoId,
  name: v.name,
  description: v.description,
  thumbnail: v.thumbnail,
  duration: v.duration,
  views: v.views,
  url: locked ? null : v.url,
  hours: Number(v.hours),
});

export async function libraries(deps: Deps, userId: string): Promise<ResponseOf<typeof api.videoLibraries>> {
  const [member, rows] = await Promise.all([
    fullMember(deps, userId),
    deps.prisma.videoLibrary.findMany({ orderBy: LIBRARY_ORDER, include: WITH_VIDEOS }),
  ]);
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
 * One certificate per user and video: asking again answers the same one. The worker renders
 * it, files it as a diary entry with the PDF as evidence and e-mails it (jobs/certificate.ts).
 */
export async function requestCertificate(
  deps: Deps,
  userId: string,
  videoId: string,
  { confirm, reflection }: { confirm: boolean; reflection?: string },
) {
  if (!confirm) throw badRequest(VIDEO_MESSAGES.confirmRequired, "VALIDATION_ERROR");
  const video = await deps.prisma.video.findUnique({ where: { videoId }, include: { library: true } });
  if (!video) throw VIDEO_NOT_FOUND();
  checkCertificate(video.library, await fullMember(deps, userId));
  const key = { userId_videoId: { userId, videoId: video.id } };
  let cert = await deps.prisma.videoCertificate.findUnique({ where: key });
  if (!cert) {
    try {
      cert = await deps.prisma.videoCertificate.create({
        data: { userId, videoId: video.id, videoName: video.name, reflection: reflection?.trim() || null },
      });
    } catch (err) {
      // The same request sent twice at once: the other one made it.
      if (!isUniqueClash(err)) throw err;
      cert = await deps.prisma.videoCertificate.findUniqueOrThrow({ where: key });
    }
  }
  // The job id is the certificate's: a queued or recent job is not queued twice.
  if (cert.state !== "Issued")
    await deps.queues.enqueue(certificateJob, { certificateId: cert.id }, `certificate-${cert.id}`);
  return { message: VIDEO_MESSAGES.certificateGenerated, certificateId: cert.id };
}

// ---- administration ----

const adminLibrary = (l: LibraryRow): AdminLibrary => ({
  id: l.id,
  name: l.name,
  premium: l.premium,
  position: l.position,
  createdAt: l.createdAt.toISOString(),
  videos: l.videos.map((v) => ({ ...videoOut(v, false), id: v.id, position: v.position })),
});

const loadLibrary = async (deps: Deps, id: string) =>
  adminLibrary(await deps.prisma.videoLibrary.findUniqueOrThrow({ where: { id }, include: WITH_VIDEOS }));

export async function adminLibraries(deps: Deps) {
  const rows = await deps.prisma.videoLibrary.findMany({ orderBy: LIBRARY_ORDER, include: WITH_VIDEOS });
  return { libraries: rows.map(adminLibrary) };
}

const LIBRARY_EXISTS = () => conflict("A video library with this name already exists", "ALREADY_EXISTS");

export async function createLibrary(deps: Deps, input: LibraryInput) {
  const last = await deps.prisma.videoLibrary.aggregate({ _max: { position: true } });
  try {
    const row = await deps.prisma.videoLibrary.create({
      data: {
        name: input.name.trim(),
        premium: input.premium,
        position: input.position ?? (last._max.position ?? -1) + 1,
      },
      include: WITH_VIDEOS,
    });
    return adminLibrary(row);
  } catch (err) {
    throw isUniqueClash(err) ? LIBRARY_EXISTS() : err;
  }
}

export async function updateLibrary(deps: Deps, id: string, input: LibraryInput) {
  try {
    const updated = await deps.prisma.videoLibrary.updateMany({
      where: { id },
      data: {
        name: input.name.trim(),
        premium: input.premium,
        ...(input.position === undefined ? {} : { position: input.position }),
      },
    });
    if (updated.count !== 1) throw LIBRARY_NOT_FOUND();
  } catch (err) {
    throw isUniqueClash(err) ? LIBRARY_EXISTS() : err;
  }
  return loadLibrary(deps, id);
}

export async function deleteLibrary(deps: Deps, id: string) {
  // Only an empty library goes; the videos' foreign key (Restrict) guards a video added meanwhile.
  const deleted = await deps.prisma.videoLibrary.deleteMany({ where: { id, videos: { none: {} } } });
  if (deleted.count === 1) return {};
  if (!(await deps.prisma.videoLibrary.count({ where: { id } }))) throw LIBRARY_NOT_FOUND();
  throw conflict("Remove the library's videos before deleting it", "LIBRARY_NOT_EMPTY");
}

const VIDEO_EXISTS = () => conflict("A video with this id already exists", "VIDEO_EXISTS");

const videoData = (input: VideoInput) => ({
  videoId: input.videoId,
  name: input.name.trim(),
  description: input.description ?? "",
  url: input.url,
  thumbnail: input.thumbnail ?? null,
  duration: input.duration,
  ...(input.hours === undefined ? {} : { hours: input.hours }),
});

export async function createVideo(deps: Deps, libraryId: string, input: VideoInput) {
  if (!(await deps.prisma.videoLibrary.count({ where: { id: libraryId } }))) throw LIBRARY_NOT_FOUND();
  const last = await deps.prisma.video.aggregate({ where: { libraryId }, _max: { position: true } });
  try {
    await deps.prisma.video.create({
      data: { ...videoData(input), libraryId, position: input.position ?? (last._max.position ?? -1) + 1 },
    });
  } catch (err) {
    throw isUniqueClash(err) ? VIDEO_EXISTS() : err;
  }
  return loadLibrary(deps, libraryId);
}

export async function updateVideo(deps: Deps, id: string, input: VideoInput) {
  const video = await deps.prisma.video.findUnique({ where: { id }, select: { libraryId: true } });
  if (!video) throw VIDEO_NOT_FOUND();
  try {
    const updated = await deps.prisma.video.updateMany({
      where: { id },
      data: { ...videoData(input), ...(input.position === undefined ? {} : { position: input.position }) },
    });
    if (updated.count !== 1) throw VIDEO_NOT_FOUND();
  } catch (err) {
    throw isUniqueClash(err) ? VIDEO_EXISTS() : err;
  }
  return loadLibrary(deps, video.libraryId);
}

/** Certificates already issued stay: their video link is cleared, their name and entry kept. */
export async function deleteVideo(deps: Deps, id: string) {
  const deleted = await deps.prisma.video.deleteMany({ where: { id } });
  if (deleted.count !== 1) throw VIDEO_NOT_FOUND();
  return { message: "Deleted Successfully" };
}

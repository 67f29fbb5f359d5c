// Every query of the videos module: libraries, videos and attendance certificates. The
// certificate's file and diary entry belong to the files and entries modules: issue.ts writes
// them through their repositories, on the same transaction. Functions taking `db` accept the
// client or a transaction's.
import type { Prisma } from "../../generated/prisma/client.js";

type Client = Prisma.TransactionClient;

const WITH_VIDEOS = {
  videos: { orderBy: [{ position: "asc" }, { name: "asc" }] },
} satisfies Prisma.VideoLibraryInclude;
export type LibraryRow = Prisma.VideoLibraryGetPayload<{ include: typeof WITH_VIDEOS }>;

const LIBRARY_ORDER = [
  { position: "asc" },
  { name: "asc" },
] satisfies Prisma.VideoLibraryOrderByWithRelationInput[];

export const librariesWithVideos = (db: Client) =>
  db.videoLibrary.findMany({ orderBy: LIBRARY_ORDER, include: WITH_VIDEOS });

export const libraryWithVideos = (db: Client, id: string) =>
  db.videoLibrary.findUniqueOrThrow({ where: { id }, include: WITH_VIDEOS });

export const lastLibraryPosition = async (db: Client) =>
  (await db.videoLibrary.aggregate({ _max: { position: true } }))._max.position;

export const createLibrary = (db: Client, data: { name: string; premium: boolean; position: number }) =>
  db.videoLibrary.create({
    data,
    include: WITH_VIDEOS,
  });

export const updateLibrary = (db: Client, id: string, data: Prisma.VideoLibraryUpdateManyMutationInput) =>
  db.videoLibrary.updateMany({
    where: { id },
    data,
  });

/** Only an empty library goes; the videos' foreign key (Restrict) guards a video added meanwhile. */
export const deleteEmptyLibrary = (db: Client, id: string) =>
  db.videoLibrary.deleteMany({ where: { id, videos: { none: {} } } });

export const libraryExists = (db: Client, id: string) => db.videoLibrary.count({ where: { id } });

export const videoWithLibrary = (db: Client, videoId: string) =>
  db.video.findUnique({ where: { videoId }, include: { library: true } });

const THUMBNAIL_COLUMNS = { libraryId: true, videoId: true, thumbnail: true, thumbnailKey: true } as const;

/** A video's library and thumbnail columns, by its row id. */
export const videoThumbnailColumns = (db: Client, id: string) =>
  db.video.findUnique({ where: { id }, select: THUMBNAIL_COLUMNS });

/** The stored thumbnail's key of a video, by its public id. */
export const thumbnailKeyOf = async (db: Client, videoId: string) =>
  (await db.video.findUnique({ where: { videoId }, select: { thumbnailKey: true } }))?.thumbnailKey ?? null;

export const lastVideoPosition = async (db: Client, libraryId: string) =>
  (await db.video.aggregate({ where: { libraryId }, _max: { position: true } }))._max.position;

export const createVideo = (db: Client, data: Prisma.VideoUncheckedCreateInput) => db.video.create({ data });

export const updateVideo = (db: Client, id: string, data: Prisma.VideoUncheckedUpdateManyInput) =>
  db.video.updateMany({
    where: { id },
    data,
  });

export const deleteVideo = (db: Client, id: string) => db.video.deleteMany({ where: { id } });

type CertificateKey = { userId: string; videoId: string };

export const findCertificate = (db: Client, key: CertificateKey) =>
  db.videoCertificate.findUnique({ where: { userId_videoId: key } });

export const findCertificateOrThrow = (db: Client, key: CertificateKey) =>
  db.videoCertificate.findUniqueOrThrow({ where: { userId_videoId: key } });

export const createCertificate = (
  db: Client,
  data: { userId: string; videoId: string; videoName: string; reflection: string | null },
) =>
  db.videoCertificate.create({
    data,
  });

/** A certificate with what its PDF, its entry and its e-mail need. */
export const certificateToIssue = (db: Client, id: string) =>
  db.videoCertificate.findUnique({
    where: { id },
    include: {
      video: { select: { hours: true } },
      user: {
        select: {
          email: true,
          profile: { select: { firstName: true, lastName: true, governingBodies: true } },
          organisation: { select: { categories: true } },
        },
      },
    },
  });

/** Locks the certificate's row for the issuing transaction; answers its state. */
export async function lockCertificate(tx: Client, id: string) {
  const locked = await tx.$queryRaw<{ state: string }[]>`
      SELECT state FROM video_certificates WHERE id = ${id}::uuid FOR UPDATE`;
  return locked[0]?.state;
}

export const markIssued = (
  tx: Client,
  id: string,
  issued: { entryId: string; fileId: string; issuedAt: Date },
) =>
  tx.videoCertificate.update({
    where: { id },
    data: { state: "Issued", ...issued },
  });

// Video thumbnails in our own storage, as organisation logos are (ADR 0021): an administrator
// uploads one, members' library answers give this origin's address and the public call serves a
// PNG we encoded; a replaced or removed thumbnail's object is deleted; an older foreign address
// is never shown to members and cannot be set again.

import { randomUUID } from "node:crypto";
import { THUMBNAIL_MAX_BYTES, VIDEO_MESSAGES } from "@cpd/contract";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { call, createUser, randomIp, refusal, type TestUser, useApp } from "./harness.js";

const h = useApp();
const admin = () => createUser(h.deps, { roles: ["User-Basic", "Admin"] });

const image = (format: "png" | "jpeg", width = 640, height = 360) =>
  sharp({ create: { width, height, channels: 3, background: "#005eb8" } })
    [format]()
    .toBuffer();

async function newVideo(thumbnail: string | null = null) {
  const library = await h.deps.prisma.videoLibrary.create({
    data: { name: `Thumbnails ${randomUUID().slice(0, 8)}`, premium: false },
  });
  const videoId = `t-${randomUUID().slice(0, 12)}`;
  const row = await h.deps.prisma.video.create({
    data: {
      videoId,
      libraryId: library.id,
      name: "Airway",
      url: "https://videos.example.org/a",
      duration: 60,
      thumbnail,
    },
  });
  return { id: row.id, videoId, libraryId: library.id };
}

const upload = (u: TestUser, id: string, payload: Buffer | string, type: string) =>
  call(h.app, "POST", `/admin/videos/${id}/thumbnail`, {
    token: u.token,
    payload,
    headers: { "content-type": type },
    ip: randomIp(),
  });

const fetchImage = (url: string) => h.app.inject({ method: "GET", url, remoteAddress: randomIp() });

/** The video as a member's library answer gives it. */
async function memberView(videoId: string) {
  const member = await createUser(h.deps);
  const res = await call(h.app, "GET", "/videos/v2", { token: member.token });
  expect(res.status).toBe(200);
  return res.body.libraries
    .flatMap((l: { videos: { videoId: string; thumbnail: string | null }[] }) => l.videos)
    .find((v: { videoId: string }) => v.videoId === videoId);
}

const body = (videoId: string, thumbnail?: string | null) => ({
  videoId,
  name: "Airway",
  url: "https://videos.example.org/a",
  duration: 60,
  ...(thumbnail === undefined ? {} : { thumbnail }),
});
const save = (u: TestUser, id: string, b: object) =>
  call(h.app, "PUT", `/admin/videos/${id}`, { token: u.token, body: b, ip: randomIp() });

const storedKey = async (id: string) =>
  (await h.deps.prisma.video.findUniqueOrThrow({ where: { id } })).thumbnailKey;

// The first call warms the app and sharp up: slow on a loaded machine.
describe("video thumbnails", { timeout: 90_000 }, () => {
  it("stores an uploaded JPEG as a PNG that members' answers address on this origin", async () => {
    const [a, v] = await Promise.all([admin(), newVideo()]);
    const res = await upload(a, v.id, await image("jpeg", 2000, 1000), "image/jpeg");
    expect(res.status).toBe(200);
    const address = res.body.videos.find((x: { id: string }) => x.id === v.id)?.thumbnail;
    expect(address).toMatch(new RegExp(`^/api/videos/${v.videoId}/thumbnail\\?v=[0-9a-f]{12}$`));
    expect((await memberView(v.videoId))?.thumbnail).toBe(address);

    // Served as the logo call serves logos: a PNG we encoded, at most 1280 px on the longer side.
    const served = await fetchImage(address);
    expect({ status: served.statusCode, ...served.headers }).toMatchObject({
      status: 200,
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      "cache-control": "public, max-age=86400",
      "content-security-policy": expect.stringContaining("default-src 'none'"),
    });
    const { format, width, height } = await sharp(served.rawPayload).metadata();
    expect({ format, width, height }).toEqual({ format: "png", width: 1280, height: 640 });
  });

  it("replacing a thumbnail deletes the old object and changes the address", async () => {
    const [a, v] = await Promise.all([admin(), newVideo()]);
    const first = await upload(a, v.id, await image("png"), "image/png");
    const firstKey = await storedKey(v.id);
    const second = await upload(a, v.id, await image("png", 320, 180), "image/png");
    expect(second.status).toBe(200);
    const addressOf = (r: typeof first) =>
      r.body.videos.find((x: { id: string }) => x.id === v.id)?.thumbnail;
    expect(addressOf(second)).not.toBe(addressOf(first));
    expect(await h.deps.storage.getBytes(firstKey as string)).toBeNull();
  });

  it("saving the video as read keeps the thumbnail; null removes it and its object", async () => {
    const [a, v] = await Promise.all([admin(), newVideo()]);
    const up = await upload(a, v.id, await image("png"), "image/png");
    const address = up.body.videos.find((x: { id: string }) => x.id === v.id)?.thumbnail;
    const key = await storedKey(v.id);
    expect((await save(a, v.id, body(v.videoId, address))).status).toBe(200);
    expect((await save(a, v.id, body(v.videoId))).status).toBe(200);
    expect(await storedKey(v.id)).toBe(key);
    const removed = await save(a, v.id, body(v.videoId, null));
    expect(removed.status).toBe(200);
    expect(removed.body.videos.find((x: { id: string }) => x.id === v.id)?.thumbnail).toBeNull();
    expect(await storedKey(v.id)).toBeNull();
    expect(await h.deps.storage.getBytes(key as string)).toBeNull();
    const gone = await fetchImage(`/api/videos/${v.videoId}/thumbnail`);
    expect([gone.statusCode, gone.json().message]).toEqual([404, VIDEO_MESSAGES.thumbnailNotFound]);
  });

  it("an older foreign address is not shown to members, stays for the administrator, and cannot be set", async () => {
    const foreign = "https://cdn.example.org/thumb.jpg";
    const [a, v] = await Promise.all([admin(), newVideo(foreign)]);
    expect((await memberView(v.videoId))?.thumbnail).toBeNull();
    const listed = await call(h.app, "GET", "/admin/video-libraries", { token: a.token });
    const adminVideo = listed.body.libraries
      .flatMap((l: { videos: { id: string; thumbnail: string | null }[] }) => l.videos)
      .find((x: { id: string }) => x.id === v.id);
    expect(adminVideo?.thumbnail).toBe(foreign);
    // Saved as read: kept. Any other address: refused, on update and on create.
    expect((await save(a, v.id, body(v.videoId, foreign))).status).toBe(200);
    expect(refusal(await save(a, v.id, body(v.videoId, "https://cdn.example.org/other.jpg")))).toEqual([
      400,
      "VALIDATION_ERROR",
      VIDEO_MESSAGES.thumbnailUploadOnly,
    ]);
    const created = await call(h.app, "POST", `/admin/video-libraries/${v.libraryId}/videos`, {
      token: a.token,
      body: body(`t-${randomUUID().slice(0, 12)}`, foreign),
      ip: randomIp(),
    });
    expect(refusal(created)).toEqual([400, "VALIDATION_ERROR", VIDEO_MESSAGES.thumbnailUploadOnly]);
    // The public call serves only stored thumbnails: a foreign one is never fetched.
    const res = await fetchImage(`/api/videos/${v.videoId}/thumbnail`);
    expect(res.statusCode).toBe(404);
    // An upload takes its place.
    await upload(a, v.id, await image("png"), "image/png");
    expect((await memberView(v.videoId))?.thumbnail).toMatch(/^\/api\/videos\//);
    expect((await h.deps.prisma.video.findUniqueOrThrow({ where: { id: v.id } })).thumbnail).toBeNull();
  });

  it("refuses a file over 1 MB, another type, bytes that are not an image, and a member", async () => {
    const [a, v] = await Promise.all([admin(), newVideo()]);
    const big = Buffer.concat([await image("png"), Buffer.alloc(THUMBNAIL_MAX_BYTES)]);
    const tooBig = await upload(a, v.id, big, "image/png");
    expect([tooBig.status, tooBig.body.message]).toEqual([413, VIDEO_MESSAGES.thumbnailTooLarge]);
    const gif = await upload(a, v.id, Buffer.from("GIF89a...."), "image/gif");
    expect([gif.status, gif.body.message]).toEqual([415, VIDEO_MESSAGES.thumbnailType]);
    const fake = await upload(a, v.id, "<html><script>1</script></html>", "image/png");
    expect(refusal(fake)).toEqual([415, "UNSUPPORTED_IMAGE", VIDEO_MESSAGES.thumbnailUnreadable]);
    const member = await createUser(h.deps);
    expect((await upload(member, v.id, await image("png"), "image/png")).status).toBe(403);
    expect(await storedKey(v.id)).toBeNull();
    const missing = await upload(a, randomUUID(), await image("png"), "image/png");
    expect(missing.status).toBe(404);
  });

  it("deleting a video deletes its thumbnail's object", async () => {
    const [a, v] = await Promise.all([admin(), newVideo()]);
    await upload(a, v.id, await image("png"), "image/png");
    const key = await storedKey(v.id);
    expect((await call(h.app, "DELETE", `/admin/videos/${v.id}`, { token: a.token })).status).toBe(200);
    expect(await h.deps.storage.getBytes(key as string)).toBeNull();
  });
});

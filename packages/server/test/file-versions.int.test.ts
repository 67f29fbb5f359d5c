// My Files' image editor keeps an edited image as a version (docs/decisions/0025-governing-body-pages.md):
// the version is uploaded as a file of its own, both exist until the user chooses, and keeping it
// gives the original file the new content with its id, name and entry unchanged.
import { FILE_VERSION_MESSAGES } from "@cpd/contract";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { diary, uploaded } from "./factories.js";
import { call, createUser, randomIp, type TestUser, useApp } from "./harness.js";

const h = useApp();
const today = new Date().toISOString().slice(0, 10);

const image = (width: number, height: number, format: "jpeg" | "png") =>
  sharp({ create: { width, height, channels: 3, background: "#3366aa" } })
    [format]()
    .toBuffer();
const keep = (u: TestUser, id: string, versionId: string) =>
  call(h.app, "POST", `/file/${id}/replace`, { token: u.token, ip: randomIp(), body: { versionId } });
const bytes = async (u: TestUser, id: string) => {
  const res = await h.app.inject({
    method: "GET",
    url: `/api/file/${id}`,
    headers: { authorization: `Bearer ${u.token}` },
  });
  return res;
};

describe("POST file/:id/replace", () => {
  it("gives the original the edited content, keeping its id, name and entry, and removes the version", async () => {
    const me = await createUser(h.deps);
    const original = await uploaded(h, me, "ward.jpg", await image(400, 200, "jpeg"));
    const entry = await diary(h, me, {
      DiaryDate: today,
      DiaryHours: "1",
      ActivityType: "Other",
      Field116: "Other",
      Field222: "Ward round",
      Evidence: [original],
    });
    const edited = await image(200, 400, "jpeg");
    const version = await uploaded(h, me, "ward (edited).jpg", edited);
    // Until the user chooses, both exist.
    expect((await bytes(me, original)).statusCode).toBe(200);
    expect((await bytes(me, version)).statusCode).toBe(200);
    const before = await h.deps.prisma.storedFile.findUniqueOrThrow({ where: { id: original } });

    const res = await keep(me, original, version);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: original,
      filename: "ward.jpg",
      entryId: entry,
      size: edited.length,
    });
    const now = await bytes(me, original);
    expect(now.rawPayload.equals(edited)).toBe(true);
    expect((await sharp(now.rawPayload).metadata()).width).toBe(200);
    expect((await bytes(me, version)).statusCode).toBe(404);
    expect(await h.deps.storage.getBytes(before.storageKey)).toBeNull();
  });

  it("refuses another type, a version attached to an entry, the file itself and someone else's file", async () => {
    const [me, other] = await Promise.all([createUser(h.deps), createUser(h.deps)]);
    const jpg = await uploaded(h, me, "a.jpg", await image(50, 40, "jpeg"));
    const png = await uploaded(h, me, "b.png", await image(50, 40, "png"));
    const attached = await uploaded(h, me, "c.jpg", await image(50, 40, "jpeg"));
    await diary(h, me, {
      DiaryDate: today,
      DiaryHours: "1",
      ActivityType: "Other",
      Field116: "Other",
      Field222: "Evidence",
      Evidence: [attached],
    });
    for (const [id, versionId] of [
      [jpg, png],
      [jpg, attached],
      [jpg, jpg],
    ] as const) {
      const res = await keep(me, id, versionId);
      expect([res.status, res.body.code, res.body.message]).toEqual([
        400,
        "UNSUPPORTED_IMAGE",
        FILE_VERSION_MESSAGES.notEditable,
      ]);
    }
    const theirs = await keep(other, jpg, await uploaded(h, other, "d.jpg", await image(50, 40, "jpeg")));
    expect([theirs.status, theirs.body.code]).toEqual([404, "FILE_NOT_FOUND"]);
    expect((await bytes(me, png)).statusCode).toBe(200);
  });
});

import { randomUUID } from "node:crypto";
import { type api, type ResponseOf, VIDEO_MESSAGES } from "@cpd/contract";
import { describe, expect, it, vi } from "vitest";
import { startWorkers } from "../src/worker.js";
import { call, createUser, jobsSettled, randomIp, type TestUser, testConfig, useApp } from "./harness.js";
import { mailsTo, waitForNewMail } from "./mail.js";

const h = useApp();

/** Libraries of this test file only (other files may add their own). */
const suffix = randomUUID().slice(0, 8);
const named = (name: string) => `${name} ${suffix}`;

async function library(name: string, premium = false, position = 0) {
  return h.deps.prisma.videoLibrary.create({ data: { name: named(name), premium, position } });
}
async function video(libraryId: string, name: string, position = 0, hours = 1.5) {
  const videoId = `v-${randomUUID().slice(0, 12)}`;
  await h.deps.prisma.video.create({
    data: {
      videoId,
      libraryId,
      name,
      url: `https://videos.example.org/${videoId}`,
      duration: 600,
      hours,
      position,
    },
  });
  return videoId;
}
const certificate = (u: TestUser, videoId: string, body: object = { confirm: true }) =>
  call(h.app, "POST", `/videos/${videoId}/certificate`, { token: u.token, body, ip: randomIp() });

describe("GET videos/v2", () => {
  it("orders libraries and videos, and locks premium libraries without an active membership", async () => {
    const premium = await library("Premium Masterclasses", true, 1);
    const free = await library("Clinical Essentials", false, 0);
    const tips = await library("Top Tips", false, 2);
    const priv = await library("Private Training", false, 2);
    const second = await video(free.id, "Airway", 1);
    const first = await video(free.id, "Breathing", 0);
    const masterclass = await video(premium.id, "Masterclass");

    type Library = ResponseOf<typeof api.videoLibraries>["libraries"][number];
    const mine = (libs: Library[]) =>
      libs.filter((l) => l.name.endsWith(suffix)) as [Library, Library, Library, Library];
    const basic = await createUser(h.deps, { tier: "BASIC" });
    const res = await call(h.app, "GET", "/videos/v2", { token: basic.token });
    expect(res.status).toBe(200);
    const libs = mine(res.body.libraries);
    expect(libs.map((l) => [l.name, l.premium, l.locked, l.certificate, l.private])).toEqual([
      [free.name, false, false, true, false],
      [premium.name, true, true, true, false],
      [priv.name, false, false, false, true],
      [tips.name, false, false, false, false],
    ]);
    expect(libs[0].videos.map((v) => v.videoId)).toEqual([first, second]);
    expect(libs[0].videos[0]).toEqual({
      videoId: first,
      name: "Breathing",
      description: "",
      thumbnail: null,
      duration: 600,
      views: 0,
      url: `https://videos.example.org/${first}`,
      hours: 1.5,
    });
    expect(libs[1].videos).toEqual([expect.objectContaining({ videoId: masterclass, url: null })]);

    for (const tier of ["PREMIUM", "CORPORATE"] as const) {
      const member = await createUser(h.deps, { tier });
      const unlocked = mine((await call(h.app, "GET", "/videos/v2", { token: member.token })).body.libraries);
      expect(unlocked[1]).toMatchObject({
        locked: false,
        videos: [{ url: `https://videos.example.org/${masterclass}` }],
      });
    }
    // A lapsed premium membership is not active.
    const lapsed = await createUser(h.deps, { tier: "PREMIUM", membershipEnd: "2020-01-01" });
    expect(
      mine((await call(h.app, "GET", "/videos/v2", { token: lapsed.token })).body.libraries)[1].locked,
    ).toBe(true);
    expect((await call(h.app, "GET", "/videos/v2")).status).toBe(401);
  });
});

describe("POST videos/:videoId/certificate", () => {
  it("issues one entry, one PDF and one e-mail when asked twice at once, and e-mails it again once issued", async () => {
    const lib = await library("Certified Essentials");
    const videoId = await video(lib.id, "Sepsis recognition", 0, 1.25);
    const u = await createUser(h.deps, { tier: "BASIC" });
    const [a, b] = await Promise.all([
      certificate(u, videoId, { confirm: true, reflection: "I will screen for sepsis earlier." }),
      certificate(u, videoId, { confirm: true, reflection: "I will screen for sepsis earlier." }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.message).toBe(VIDEO_MESSAGES.certificateGenerated);
    expect(b.body.certificateId).toBe(a.body.certificateId);

    const worker = startWorkers(testConfig());
    try {
      // Issued, and its e-mail sent.
      const cert = await vi.waitFor(
        async () => {
          const cert = await h.deps.prisma.videoCertificate.findUniqueOrThrow({
            where: { id: a.body.certificateId },
          });
          expect(cert.state).toBe("Issued");
          expect(await mailsTo(u.email)).not.toEqual([]);
          return cert;
        },
        { timeout: 20_000, interval: 200 },
      );

      // The two requests made one job: once it has run, there is nothing more to count.
      await jobsSettled(h, (data) => data.certificateId === a.body.certificateId);

      const entries = await h.deps.prisma.entry.findMany({
        where: { userId: u.id },
        include: { files: true },
      });
      expect(entries).toHaveLength(1);
      const entry = entries[0] as (typeof entries)[number];
      expect(entry.id).toBe(cert.entryId);
      expect([entry.type, entry.title, Number(entry.hours), entry.category, entry.description]).toEqual([
        "diary",
        "Certificate: Sepsis recognition",
        1.25,
        "Clinical Education",
        "I will screen for sepsis earlier.",
      ]);
      expect(entry.files.map((f) => [f.id, f.contentType])).toEqual([[cert.fileId, "application/pdf"]]);
      expect(entry.completeness).not.toBe(3);
      expect(await h.deps.prisma.storedFile.count({ where: { userId: u.id } })).toBe(1);

      const file = await call(h.app, "GET", `/file/${cert.fileId}`, { token: u.token });
      expect(file.status).toBe(200);
      expect(file.res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

      const mails = await mailsTo(u.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe("Your CPD certificate: Sepsis recognition");
      expect(mails[0]?.attachments?.map((x) => [x.contentType, x.fileName])).toEqual([
        ["application/pdf", "Certificate - Sepsis recognition.pdf"],
      ]);

      // Asked again once issued: the same certificate, e-mailed again with the same PDF, and no
      // second entry or file (ADR 0018).
      const seen = new Set(mails.map((m) => m.id));
      const again = await certificate(u, videoId);
      expect([again.status, again.body.message, again.body.certificateId]).toEqual([
        200,
        VIDEO_MESSAGES.certificateGenerated,
        a.body.certificateId,
      ]);
      const resent = await waitForNewMail(u.email, () => true, seen);
      expect(resent.subject).toBe("Your CPD certificate: Sepsis recognition");
      expect(resent.attachments?.map((x) => [x.contentType, x.fileName, x.length])).toEqual([
        ["application/pdf", "Certificate - Sepsis recognition.pdf", mails[0]?.attachments?.[0]?.length],
      ]);

      // Deleted from My Files, then asked for again: rendered again and e-mailed, still not filed twice.
      expect((await call(h.app, "DELETE", `/file/${cert.fileId}`, { token: u.token })).status).toBe(200);
      await certificate(u, videoId);
      const rendered = await waitForNewMail(u.email, () => true, seen);
      expect(rendered.attachments?.map((x) => [x.contentType, x.fileName])).toEqual([
        ["application/pdf", "Certificate - Sepsis recognition.pdf"],
      ]);
      await jobsSettled(h, (data) => data.certificateId === a.body.certificateId);
      expect(await h.deps.prisma.entry.count({ where: { userId: u.id } })).toBe(1);
      expect(await h.deps.prisma.storedFile.count({ where: { userId: u.id } })).toBe(0);
    } finally {
      await worker.close();
    }
  });

  it("refuses unknown videos, libraries without certificates and premium libraries without a membership", async () => {
    const tips = await video((await library("Top Tips for Students")).id, "Tip");
    const guides = await video((await library("Handy Guides")).id, "Guide");
    const priv = await video((await library("Private Training Ward 7")).id, "Private");
    const premium = await video((await library("Premium Library", true)).id, "Premium");
    const basic = await createUser(h.deps, { tier: "BASIC" });

    const unknown = await certificate(basic, "no-such-video");
    expect([unknown.status, unknown.body.code]).toEqual([404, "VIDEO_NOT_FOUND"]);
    for (const id of [tips, guides]) {
      const res = await certificate(basic, id);
      expect([res.status, res.body.code, res.body.message]).toEqual([
        422,
        "NO_CERTIFICATE",
        VIDEO_MESSAGES.noCertificate,
      ]);
    }
    const locked = await certificate(basic, premium);
    expect([locked.status, locked.body.code, locked.body.message]).toEqual([
      403,
      "PREMIUM_REQUIRED",
      VIDEO_MESSAGES.premiumRequired,
    ]);
    expect((await certificate(basic, priv)).status).toBe(200);
    const member = await createUser(h.deps, { tier: "PREMIUM" });
    expect((await certificate(member, premium)).status).toBe(200);

    const unconfirmed = await certificate(basic, priv, { confirm: false });
    expect([unconfirmed.status, unconfirmed.body.message]).toEqual([400, VIDEO_MESSAGES.confirmRequired]);
    expect(await h.deps.prisma.videoCertificate.count({ where: { userId: basic.id } })).toBe(1);
  });
});

describe("video administration", () => {
  it("lets administrators create, change and delete libraries and videos", async () => {
    const admin = await createUser(h.deps, { roles: ["User-Basic", "Admin"] });
    const as = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
      call(h.app, method, url, { token: admin.token, body });

    const created = await as("POST", "/admin/video-libraries", {
      name: named("Admin Library"),
      premium: false,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: named("Admin Library"), premium: false, videos: [] });
    const id = created.body.id as string;
    expect(
      (await as("POST", "/admin/video-libraries", { name: named("Admin Library"), premium: true })).status,
    ).toBe(409);

    const renamed = await as("PUT", `/admin/video-libraries/${id}`, {
      name: named("Admin Premium"),
      premium: true,
      position: 7,
    });
    expect(renamed.body).toMatchObject({ name: named("Admin Premium"), premium: true, position: 7 });

    const videoId = `admin-${suffix}`;
    const body = {
      videoId,
      name: "Moving and handling",
      url: "https://videos.example.org/mh",
      duration: 900,
      hours: 0.5,
    };
    const withVideo = await as("POST", `/admin/video-libraries/${id}/videos`, body);
    expect(withVideo.status).toBe(200);
    expect(withVideo.body.videos).toEqual([
      expect.objectContaining({
        videoId,
        name: "Moving and handling",
        hours: 0.5,
        duration: 900,
        position: 0,
      }),
    ]);
    const dup = await as("POST", `/admin/video-libraries/${id}/videos`, body);
    expect([dup.status, dup.body.code]).toEqual([409, "VIDEO_EXISTS"]);
    const missingLibrary = await as("POST", `/admin/video-libraries/${randomUUID()}/videos`, {
      ...body,
      videoId: `x-${suffix}`,
    });
    expect([missingLibrary.status, missingLibrary.body.code]).toEqual([404, "LIBRARY_NOT_FOUND"]);

    const rowId = withVideo.body.videos[0].id as string;
    const changed = await as("PUT", `/admin/videos/${rowId}`, {
      ...body,
      name: "Safer moving and handling",
      hours: 1,
    });
    expect(changed.body.videos[0]).toMatchObject({ name: "Safer moving and handling", hours: 1 });

    const full = await as("DELETE", `/admin/video-libraries/${id}`);
    expect([full.status, full.body.code]).toEqual([409, "LIBRARY_NOT_EMPTY"]);

    // A certificate issued for the video outlives it.
    const member = await createUser(h.deps);
    const cert = await h.deps.prisma.videoCertificate.create({
      data: { userId: member.id, videoId: rowId, videoName: "Safer moving and handling", state: "Issued" },
    });
    expect((await as("DELETE", `/admin/videos/${rowId}`)).body).toEqual({ message: "Deleted Successfully" });
    expect(await h.deps.prisma.videoCertificate.findUniqueOrThrow({ where: { id: cert.id } })).toMatchObject({
      videoId: null,
      videoName: "Safer moving and handling",
      state: "Issued",
    });
    expect((await as("DELETE", `/admin/videos/${rowId}`)).status).toBe(404);

    expect((await as("DELETE", `/admin/video-libraries/${id}`)).status).toBe(200);
    expect((await as("DELETE", `/admin/video-libraries/${id}`)).body.code).toBe("LIBRARY_NOT_FOUND");
    const list = await as("GET", "/admin/video-libraries");
    expect(list.body.libraries.some((l: { id: string }) => l.id === id)).toBe(false);
  });

  it("refuses everyone else with 403", async () => {
    const lib = await library("Not Yours");
    for (const roles of [
      ["User-Basic"],
      ["User-Basic", "Organisation-Manager"],
      ["User-Basic", "Admin-Overview"],
    ]) {
      const u = await createUser(h.deps, { roles });
      for (const [method, url, body] of [
        ["GET", "/admin/video-libraries", undefined],
        ["POST", "/admin/video-libraries", { name: named("Sneaky"), premium: false }],
        ["DELETE", `/admin/video-libraries/${lib.id}`, undefined],
      ] as const) {
        const res = await call(h.app, method, url, { token: u.token, body });
        expect([res.status, res.body.code], `${roles} ${method} ${url}`).toEqual([403, "ADMIN_REQUIRED"]);
      }
    }
    expect(await h.deps.prisma.videoLibrary.count({ where: { id: lib.id } })).toBe(1);
  });
});

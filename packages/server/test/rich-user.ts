// A member with rows in every table of a user's record and objects of every kind the product
// stores (profile image, evidence and document files, a large file, a supervision signature, a
// portfolio PDF), for the tests that must cover the whole record (export, import).
import { randomBytes, randomUUID } from "node:crypto";
import { call, createUser, type Harness, randomIp } from "./harness.js";
import { must, signaturePng, supervisionEntry, uploadPng } from "./supervision-fixtures.js";

/**
 * A member with something in every table the export covers, and objects of every kind. The first
 * name is also the signer's name on the supervision signature (deletion looks for it afterwards).
 */
export async function richUser(harness: Harness, { firstName = "Export" } = {}) {
  const me = await createUser(harness.deps, { firstName });
  const db = harness.deps.prisma;
  const as = (method: "POST" | "PUT", url: string, body: unknown) =>
    call(harness.app, method, url, { token: me.token, body, ip: randomIp() });

  must(await as("PUT", "/personal-profile/tags", { tags: ["Audit", "Leadership"] }));
  const settings = (await call(harness.app, "GET", "/settings/dashboard", { token: me.token })).body;
  const { lockedByOrganisation: _, ...mine } = settings;
  must(await as("POST", "/settings/dashboard", { ...mine, dashboardMode: "basic" }));
  must(
    await call(harness.app, "POST", "/profile/image", {
      token: me.token,
      payload: await signaturePng(64, 64),
      headers: { "content-type": "image/png" },
    }),
  );
  await db.personalProfile.create({
    data: {
      userId: me.id,
      profession: "Paramedic",
      hoursPerYear: "35.5",
      startDate: new Date("2025-04-01T00:00:00Z"),
      interests: ["Sepsis", "Audit"],
      personalStatement: "Emergency care, 12 years — Ünïcode ✓",
    },
  });
  const diary = must(
    await as("POST", "/entries/diary", {
      Field222: "Sepsis recognition update",
      DiaryDate: "2026-10-01",
      DiaryHours: "1.5",
      ActivityType: "Other",
      Field116: "Other",
    }),
  ).body.entryId as string;
  must(await as("PUT", `/entries/${diary}/tags`, { tags: ["Audit"] }));
  // Revalidation (ADR 0026): a registration, the entry's tags and a record.
  must(
    await as("PUT", "/profile/registrations", {
      items: [
        {
          regulator: "NMC",
          registers: ["nurse", "midwife"],
          registrationNumber: "12A3456E",
          renewalDate: "2027-06-30",
        },
      ],
    }),
  );
  must(
    await as("PUT", `/revalidation/entries/${diary}`, {
      participatory: true,
      planned: false,
      verifiable: true,
      method: "course",
      themes: ["Practise effectively"],
    }),
  );
  must(
    await as("POST", "/revalidation/records", {
      kind: "practiceHours",
      title: "Acute ward — Ünïcode ✓",
      date: "2026-04-01",
      endDate: "2026-09-30",
      hours: 450.5,
      details: { setting: "Acute ward" },
      themes: [],
    }),
    201,
  );
  const evidence = await uploadPng(harness, me, "evidence.png");
  await db.storedFile.update({ where: { id: evidence }, data: { entryId: diary } });
  const passportFile = await uploadPng(harness, me, "passport.png");
  must(
    await as("POST", "/identity-documents", {
      uploadStorageId: passportFile,
      type: "PASSPORT",
      name: "My passport",
      expiryDate: "2031-05-01",
    }),
  );
  // A larger object (streamed, never whole in memory on the server's side).
  const bigKey = `files/${randomUUID()}`;
  const big = randomBytes(3 * 1024 * 1024 + 17);
  await harness.deps.storage.put(bigKey, big, "application/octet-stream", big.length);
  await db.storedFile.create({
    data: {
      userId: me.id,
      storageKey: bigKey,
      filename: "scan.bin",
      contentType: "application/octet-stream",
      size: big.length,
    },
  });

  const supervision = await supervisionEntry(harness, me, "Supervisor");
  const share = await db.supervisionShare.create({
    data: {
      entryId: supervision,
      userId: me.id,
      revieweeType: "Supervisee",
      revieweeName: "Dr Rhiannon Reviewee",
      revieweeEmail: `reviewee-${randomUUID()}@test.example`,
      revieweeNumber: "07700 900123",
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
      codeRequestId: randomUUID(),
      codeHash: "secret-code-hash",
      codeRequestedAt: new Date(),
      codeExpiresAt: new Date(Date.now() + 600_000),
    },
  });
  const topic = await db.supervisionTopic.create({
    data: { entryId: supervision, position: 0, title: "Caseload", actions: "Weekly review" },
  });
  await db.supervisionComment.create({
    data: {
      topicId: topic.id,
      shareId: share.id,
      body: "Agreed <b>plan</b>",
      authorName: "Rhiannon",
      byReviewee: true,
    },
  });
  const signatureKey = `signatures/${randomUUID()}.png`;
  const png = await signaturePng();
  await harness.deps.storage.put(signatureKey, png, "image/png", png.length);
  await db.supervisionSignature.create({
    data: {
      shareId: share.id,
      side: "Supervisor",
      signerName: `${firstName} User`,
      byReviewee: false,
      storageKey: signatureKey,
      contentHash: "a".repeat(64),
      ipAddress: "127.0.0.1",
    },
  });

  const shared = await db.sharedCpd.create({
    data: {
      entryId: diary,
      userId: me.id,
      title: "Sepsis",
      description: "Worth reading",
      category: "Other",
      websiteUrl: "https://example.org/cpd",
      upvotes: 1,
    },
  });
  await db.sharedCpdUpvote.create({ data: { sharedId: shared.id, userId: me.id } });
  const webinar = await db.webinar.create({
    data: {
      webinarIdStr: `web-${randomUUID()}`,
      title: "Sepsis webinar",
      startDate: new Date("2026-12-01T10:00:00Z"),
      endDate: new Date("2026-12-01T11:00:00Z"),
    },
  });
  await db.webinarRegistration.create({ data: { webinarId: webinar.id, userId: me.id } });
  const library = await db.videoLibrary.create({ data: { name: `Library ${randomUUID()}` } });
  const video = await db.video.create({
    data: {
      videoId: `vid-${randomUUID()}`,
      libraryId: library.id,
      name: "Airway",
      url: "https://example.org/v",
      duration: 600,
    },
  });
  await db.videoCertificate.create({
    data: { userId: me.id, videoId: video.id, videoName: "Airway", reflection: "Useful", state: "Issued" },
  });
  const portfolioKey = `portfolios/${randomUUID()}.pdf`;
  const pdf = Buffer.from("%PDF-1.4\n% a portfolio\n%%EOF\n");
  await harness.deps.storage.put(portfolioKey, pdf, "application/pdf", pdf.length);
  await db.portfolioRequest.create({
    data: {
      userId: me.id,
      requestedById: me.id,
      request: { diaryEntries: [diary] },
      estimatedPages: 3,
      delivery: "download",
      state: "Completed",
      storageKey: portfolioKey,
      size: pdf.length,
    },
  });
  await db.trial.create({
    data: {
      userId: me.id,
      startDate: new Date("2026-01-01T00:00:00Z"),
      endDate: new Date("2026-02-01T00:00:00Z"),
    },
  });
  await db.emailChangeLog.create({
    data: { userId: me.id, previousEmail: "old@test.example", newEmail: me.email },
  });
  await db.accountNotice.create({
    data: { userId: me.id, kind: "deletion-30", dueDate: new Date("2027-01-01T00:00:00Z") },
  });
  await db.paymentEvent.create({
    data: { id: `evt_${randomUUID()}`, type: "membership.started", userId: me.id },
  });
  // Secrets that stay behind.
  await db.passwordResetToken.create({
    data: { tokenHash: randomUUID(), userId: me.id, expiresAt: new Date(Date.now() + 3_600_000) },
  });
  return { me, webinar, library, video, share };
}

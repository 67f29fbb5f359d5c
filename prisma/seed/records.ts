// A lived-in year for the demo professional: diary, reflection and supervision
// entries with tags and evidence files, planned CPD, and shared CPD from others.
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "../../packages/server/src/generated/prisma/client.js";
import { addDays, todayInLondon } from "../../packages/server/src/lib/dates.js";
import { Storage } from "../../packages/server/src/lib/storage.js";
import { CURRENT_FORMS, standardsFor } from "../../packages/server/src/modules/forms/definitions.js";
import { entryRow, type Values } from "../../packages/server/src/modules/forms/rules.js";
import { renderCertificatePdf } from "../../packages/server/src/modules/pdf/certificate.js";

type EntryType = "diary" | "reflection" | "supervision";

const DIARY: [string, string, string, string, string][] = [
  // title, activity type, category, hours, description
  [
    "Sepsis recognition and the Sepsis Six",
    "Formal and educational",
    "Clinical Skills",
    "3",
    "Trust study day on early recognition of sepsis in the community, NEWS2 triggers and the Sepsis Six bundle.",
  ],
  [
    "Safeguarding adults level 3",
    "Formal and educational",
    "Safeguarding",
    "7.5",
    "Annual mandatory safeguarding update: recognising coercive control, making referrals and information sharing.",
  ],
  [
    "Mentoring a first-year student paramedic",
    "Work-based learning",
    "Teaching and Mentoring",
    "12",
    "Practice educator shifts supporting a first-year student through their first placement.",
  ],
  [
    "Frailty assessment in urgent care",
    "Self-directed learning",
    "Clinical Skills",
    "2",
    "E-learning module on the Clinical Frailty Scale and falls pathways.",
  ],
  [
    "Leading a debrief after a cardiac arrest",
    "Work-based learning",
    "Leadership",
    "1",
    "Led a hot debrief using the TAKE STOCK model after a prolonged resuscitation.",
  ],
  [
    "Advanced life support recertification",
    "Formal and educational",
    "Mandatory Training",
    "15",
    "Two-day Resuscitation Council ALS course with simulation scenarios.",
  ],
  [
    "Audit of pain scores in suspected fractures",
    "Professional activity",
    "Research and Audit",
    "6",
    "Reviewed 120 patient records for analgesia timing; presented results to the clinical governance group.",
  ],
  [
    "Mental health crisis care webinar",
    "Self-directed learning",
    "Clinical Skills",
    "1.5",
    "Webinar on joint response with mental health practitioners and section 136 alternatives.",
  ],
  [
    "Wound closure techniques workshop",
    "Formal and educational",
    "Clinical Skills",
    "4",
    "Hands-on workshop on glues, strips and simple interrupted sutures.",
  ],
  [
    "Journal club: end-of-life care in the community",
    "Professional activity",
    "Clinical Education",
    "1",
    "Presented a paper on anticipatory medicines and ReSPECT forms.",
  ],
  [
    "Wellbeing: managing shift-work fatigue",
    "Self-directed learning",
    "Wellbeing",
    "1",
    "Read the College guidance on fatigue and built a sleep routine for night shifts.",
  ],
  [
    "Paediatric assessment refresher",
    "Formal and educational",
    "Clinical Skills",
    "3.5",
    "Paediatric early warning scores and the sick child in primary care.",
  ],
];

const REFLECTIONS: [string, string][] = [
  [
    "Reflection on a difficult conversation with a family",
    "We attended an older man in the last days of life; the family were unsure about hospital admission.",
  ],
  [
    "Reflection on a near miss with medication",
    "I nearly gave the wrong concentration of morphine; a colleague's cross-check caught it.",
  ],
  [
    "Reflection on supporting a struggling student",
    "My student was anxious after a traumatic job and we talked it through the next day.",
  ],
  [
    "Reflection on leading my first team meeting",
    "I chaired the monthly team meeting and learned a lot about keeping to time.",
  ],
];

export async function seedRecords(prisma: PrismaClient, storage: Storage, passwordHash: string) {
  await storage.ensureBucket();
  const today = todayInLondon();
  const demo = await prisma.user.findUniqueOrThrow({
    where: { email: "demo@example.org" },
    include: { profile: true },
  });
  const standards = standardsFor(demo.profile?.governingBodies ?? []);
  const forms = new Map<EntryType, string>();
  for (const def of Object.values(CURRENT_FORMS)) {
    const row = await prisma.formDefinition.upsert({
      where: { identifier_version: { identifier: def.identifier, version: def.version } },
      update: {},
      create: { identifier: def.identifier, version: def.version, definition: def as object },
    });
    forms.set(def.identifier, row.id);
  }

  const create = async (
    userId: string,
    type: EntryType,
    values: Values,
    tags: string[] = [],
    createdAt?: Date,
  ) =>
    prisma.entry.create({
      data: {
        userId,
        type,
        formId: forms.get(type),
        tags,
        createdAt,
        ...entryRow(CURRENT_FORMS[type], values),
      },
    });

  // Twelve diary entries spread over the past year, two planned ones ahead.
  const diaryIds: string[] = [];
  for (const [i, [title, activity, category, hours, description]] of DIARY.entries()) {
    const date = addDays(today, -(i * 29 + 5));
    const values: Values = {
      Field222: title,
      DiaryDate: date,
      DiaryHours: hours,
      ActivityType: activity,
      Field116: category,
      Field113: `<p>${description}</p>`,
      LearningOutcomes:
        "<p>Updated my practice against current national guidance and shared the key points with my team.</p>",
      GoverningBodyStandards: standards.filter((_, k) => (k + i) % 3 === 0).slice(0, 3),
      ...(i % 4 === 0 ? { Field219: "https://www.example.org/cpd-resource" } : {}),
    };
    const tags = [["Clinical audit"], ["Safeguarding"], ["Leadership"], []][i % 4] as string[];
    const entry = await create(demo.id, "diary", values, tags, new Date(`${date}T18:00:00Z`));
    diaryIds.push(entry.id);
    if (i % 3 === 0) {
      const bytes = await renderCertificatePdf({ name: "Alex Morgan", title, hours });
      const key = Storage.newKey("files");
      await storage.put(key, bytes, "application/pdf", bytes.length);
      const file = await prisma.storedFile.create({
        data: {
          userId: demo.id,
          storageKey: key,
          filename: `${title} certificate.pdf`,
          contentType: "application/pdf",
          size: bytes.length,
          entryId: entry.id,
        },
      });
      await prisma.entry.update({
        where: { id: entry.id },
        data: { ...entryRow(CURRENT_FORMS.diary, { ...values, Evidence: [file.id] }) },
      });
    }
  }
  for (const [offset, title] of [
    [21, "Major incident training day"],
    [60, "Non-medical prescribing module"],
  ] as const) {
    await create(demo.id, "diary", {
      Field222: title,
      DiaryDate: addDays(today, offset),
      DiaryHours: "7",
      ActivityType: "Formal and educational",
      Field116: "Clinical Education",
      DiaryReminderDate: addDays(today, offset - 7),
      DiaryReminderRecurrence: "12",
    });
  }
  for (const [i, [title, what]] of REFLECTIONS.entries()) {
    const date = addDays(today, -(i * 80 + 12));
    await create(
      demo.id,
      "reflection",
      {
        Field4: title,
        ReflectionDate: date,
        ReflectionHours: "1",
        Field113: `<p>${what}</p>`,
        Feelings: "<p>I felt uncertain at first, then more confident once I had talked it through.</p>",
        Evaluation: "<p>Communication was clear; I could have involved the wider team earlier.</p>",
        Analysis: "<p>Shared decision-making frameworks helped me structure the conversation.</p>",
        Conclusion: "<p>Earlier escalation would have reduced the stress for everyone.</p>",
        ActionPlan: "<p>Complete the advanced communication skills module and discuss at supervision.</p>",
        GoverningBodyStandards: standards.slice(i, i + 2),
      },
      i === 0 ? ["Leadership"] : [],
    );
  }
  for (let i = 0; i < 4; i++) {
    await create(demo.id, "supervision", {
      SupervisionDate: addDays(today, -(i * 90 + 20)),
      SupervisionHours: "1",
      SupervisionRole: "Supervisee",
      SupervisionType: i % 2 ? "Clinical" : "Restorative",
      OtherPartyName: "Dr Sam Okafor",
      OtherPartyRole: "Consultant Paramedic",
      Topics: "<p>Caseload review, complex discharges and my development plan.</p>",
      ActionsAgreed: "<p>Shadow the frailty team for a day; book the prescribing module.</p>",
      Wellbeing: "1",
    });
  }

  // The community: three other professionals who share CPD; the demo user shares one entry.
  const community: [string, string, string][] = [
    ["Night owl", "Jamie", "Physiotherapist"],
    ["", "Robin", "Midwife"],
    ["Wardrunner", "Chris", "Staff Nurse"],
  ];
  const cards: [string, string, string, string][] = [
    [
      "NEWS2 in community settings",
      "Free e-learning module on using NEWS2 outside hospital, with case studies.",
      "Clinical Education",
      "https://www.example.org/news2",
    ],
    [
      "Compassionate leadership podcast",
      "A short podcast series on compassionate leadership in the NHS.",
      "Leadership",
      "https://www.example.org/podcast",
    ],
    [
      "Trauma-informed care basics",
      "Introductory course on trauma-informed approaches to care.",
      "Trauma Care",
      "https://www.example.org/trauma",
    ],
    [
      "Coaching conversations toolkit",
      "Templates for coaching conversations with students and new starters.",
      "Coaching and Mentoring",
      "https://www.example.org/coaching",
    ],
    [
      "Sleep and shift work",
      "Evidence-based tips for healthy sleep around night shifts.",
      "Wellbeing",
      "https://www.example.org/sleep",
    ],
  ];
  const sharers: string[] = [];
  for (const [i, [nickname, first, job]] of community.entries()) {
    const user = await prisma.user.create({
      data: {
        email: `community${i + 1}@example.org`,
        emailConfirmedAt: new Date(),
        credential: { create: { passwordHash } },
        roles: { create: [{ role: "User-Basic" }] },
        profile: {
          create: {
            firstName: first,
            lastName: "Example",
            jobTitle: job,
            nickname: nickname || null,
            governingBodies: ["HCPC"],
          },
        },
        membership: { create: { tier: "PREMIUM", active: true, autoRenew: true, cancellable: true } },
      },
    });
    sharers.push(user.id);
  }
  for (const [i, [title, description, category, websiteUrl]] of cards.entries()) {
    const userId = sharers[i % sharers.length] as string;
    const entry = await create(userId, "diary", {
      Field222: title,
      DiaryDate: addDays(today, -(i * 6 + 2)),
      DiaryHours: "1",
      ActivityType: "Self-directed learning",
      Field116: "Clinical Education",
      Field113: description,
      Field219: websiteUrl,
    });
    const share = await prisma.sharedCpd.create({
      data: {
        id: randomUUID(),
        entryId: entry.id,
        userId,
        title,
        description,
        category,
        websiteUrl,
        createdAt: new Date(`${addDays(today, -(i * 6 + 2))}T12:00:00Z`),
      },
    });
    const voters = [demo.id, ...sharers.filter((s) => s !== userId)].slice(0, (i * 2) % 4);
    for (const v of voters) await prisma.sharedCpdUpvote.create({ data: { sharedId: share.id, userId: v } });
    await prisma.sharedCpd.update({ where: { id: share.id }, data: { upvotes: voters.length } });
  }
  const [first] = diaryIds;
  if (first) {
    await prisma.sharedCpd.create({
      data: {
        entryId: first,
        userId: demo.id,
        title: DIARY[0]?.[0] ?? "Sepsis",
        description:
          "Excellent trust study day on sepsis recognition; the NEWS2 and Sepsis Six sessions are worth it.",
        category: "Clinical Education",
        websiteUrl: "https://www.example.org/sepsis",
      },
    });
  }
}

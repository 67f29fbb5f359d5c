// Demo data for the organisation and admin areas (issue 12): acme-health's lists, additional
// profile fields and an annual review; a resilience organisation with its own manager (the
// Analytics screen); membership records; a hidden shared item.
import {
  type AdditionalFieldGroup,
  RESILIENCE_GOVERNING_BODY,
  ROLES,
} from "../../packages/contract/src/index.js";
import type { PrismaClient } from "../../packages/server/src/generated/prisma/client.js";
import { addDays, addMonths, toDateColumn, todayInLondon } from "../../packages/server/src/lib/dates.js";
import { ORGANISATION_FEATURES } from "../../packages/server/src/modules/shell/feature-defaults.js";

const ACME_FIELDS: AdditionalFieldGroup[] = [
  {
    title: "Employment",
    fields: [
      {
        fieldId: "employee-number",
        title: "Employee number",
        type: "ShortText",
        values: [],
        help: "As on your payslip",
        required: true,
      },
      {
        fieldId: "department",
        title: "Department",
        type: "Dropdown",
        values: ["Emergency Department", "Critical Care", "Community", "Theatres"],
        help: "",
        required: true,
      },
      {
        fieldId: "mandatory-training",
        title: "Mandatory training completed",
        type: "List",
        values: ["Basic life support", "Safeguarding level 3", "Information governance", "Fire safety"],
        help: "",
        required: false,
      },
    ],
  },
];

/** Returns how many demo accounts it added. */
export async function seedOrganisationAreas(prisma: PrismaClient, passwordHash: string): Promise<number> {
  const today = todayInLondon();
  const acme = await prisma.organisation.findUniqueOrThrow({ where: { key: "acme-health" } });
  await prisma.organisation.update({
    where: { id: acme.id },
    data: {
      tags: ["Preceptorship", "Band 6 development", "Revalidation"],
      arrangedIn: ["Trust study day", "Ward teaching", "E-learning", "Conference"],
      additionalFields: ACME_FIELDS as object[],
    },
  });
  const byEmail = async (email: string) => prisma.user.findUniqueOrThrow({ where: { email } });
  const corporate = await byEmail("corporate@example.org");
  const manager = await byEmail("manager@example.org");
  const admin = await byEmail("admin@example.org");
  const demo = await byEmail("demo@example.org");
  await prisma.additionalFieldValue.createMany({
    data: [
      { userId: corporate.id, fieldId: "employee-number", value: "AH-20417" },
      { userId: corporate.id, fieldId: "department", value: "Community" },
      { userId: corporate.id, fieldId: "mandatory-training", value: ["Basic life support", "Fire safety"] },
    ],
  });
  await prisma.annualReview.create({
    data: {
      userId: corporate.id,
      organisationId: acme.id,
      reviewerId: manager.id,
      date: new Date(`${addMonths(today, -2)}T00:00:00Z`),
      metRequirements: true,
      comments: "A well-balanced year of CPD; plan the leadership course discussed for next year.",
    },
  });

  // A resilience organisation: its manager sees the Analytics screen.
  const resilience = await prisma.organisation.create({
    data: {
      key: "resilience-network",
      name: "Regional Resilience Network",
      governingBodyType: RESILIENCE_GOVERNING_BODY,
      colourHex: "#4C2C92",
      features: Object.fromEntries([...ORGANISATION_FEATURES].map((f) => [f, true])),
    },
  });
  const members = [
    [
      "resilience@example.org",
      "Robin",
      "Hale",
      "Resilience Lead",
      [ROLES.userBasic, ROLES.organisationManager],
    ],
    ["responder@example.org", "Kit", "Barnes", "Community First Responder", [ROLES.userBasic]],
  ] as const;
  for (const [email, firstName, lastName, jobTitle, roles] of members) {
    const user = await prisma.user.create({
      data: {
        email,
        emailConfirmedAt: new Date(`${addDays(today, -200)}T09:00:00Z`),
        createdAt: new Date(`${addDays(today, -200)}T09:00:00Z`),
        organisationId: resilience.id,
        credential: { create: { passwordHash } },
        roles: { create: roles.map((role) => ({ role })) },
        profile: { create: { firstName, lastName, jobTitle, governingBodies: [RESILIENCE_GOVERNING_BODY] } },
        membership: {
          create: {
            tier: "CORPORATE",
            active: true,
            memberSince: toDateColumn(addDays(today, -200)),
            membershipSource: "Organisation",
          },
        },
      },
    });
    for (let m = 0; m < 6; m++) {
      const date = addDays(today, -(m * 30 + 3));
      await prisma.entry.create({
        data: {
          userId: user.id,
          type: "diary",
          title: `Resilience exercise ${m + 1}`,
          date: toDateColumn(date),
          hours: 2 + (m % 3),
          category: "Health Safety and Security",
          activityType: "Work-based learning",
          createdAt: new Date(`${date}T10:00:00Z`),
        },
      });
    }
  }

  await prisma.membershipRecord.createMany({
    data: [
      {
        type: "BDA",
        identifier: "BDA-10482",
        email: "demo@example.org",
        active: true,
        notes: "Renewed by post",
      },
      { type: "RCN", identifier: "RCN-7731", email: "former.member@example.org", active: false, notes: "" },
    ],
  });

  // One shared item a moderator hid, so the moderation screen shows both states.
  const hidden = await prisma.sharedCpd.findFirst({
    where: { userId: { not: demo.id } },
    orderBy: { createdAt: "asc" },
  });
  if (hidden) {
    await prisma.sharedCpd.update({
      where: { id: hidden.id },
      data: { hiddenAt: new Date(), hiddenReason: "Links to a paid course advert", hiddenBy: admin.id },
    });
  }
  return members.length;
}

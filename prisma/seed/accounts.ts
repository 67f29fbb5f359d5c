// Demo accounts and the acme-health organisation (issue 2's demo data).
import { hash } from "@node-rs/argon2";
import { ADMIN_ROLES, ROLES, TRIAL_MONTHS } from "../../packages/contract/src/index.js";
import type { PrismaClient } from "../../packages/server/src/generated/prisma/client.js";
import { addDays, addMonths, toDateColumn, todayInLondon } from "../../packages/server/src/lib/dates.js";
import {
  ensurePlatformFeatures,
  ORGANISATION_FEATURES,
} from "../../packages/server/src/modules/shell/feature-defaults.js";

export const DEMO_PASSWORD = "Password123!";

const ACME_LOGO = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect width="40" height="40" rx="8" fill="#005eb8"/><path d="M12 28 20 10l8 18h-4l-4-9-4 9z" fill="#fff"/><text x="48" y="27" font-family="Arial,sans-serif" font-size="18" font-weight="700" fill="#003087">Acme Health</text></svg>',
)}`;

export const demoPasswordHash = () =>
  hash(DEMO_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });

export async function seedAccounts(prisma: PrismaClient) {
  const passwordHash = await demoPasswordHash();
  const today = todayInLondon();

  await ensurePlatformFeatures(prisma);

  const acme = await prisma.organisation.create({
    data: {
      key: "acme-health",
      name: "Acme Health NHS Trust",
      logoUrl: ACME_LOGO,
      loginLogoUrl: ACME_LOGO,
      colourHex: "#005EB8",
      loginLink: "/login?organisation=acme-health",
      features: Object.fromEntries([...ORGANISATION_FEATURES].map((f) => [f, true])),
      cpdHours: 30,
      reportInterval: 1,
      logoutTimerEnabled: false,
    },
  });

  interface Person {
    email: string;
    firstName: string;
    lastName: string;
    jobTitle: string;
    created: string;
    roles: string[];
    tier: "BASIC" | "PREMIUM" | "CORPORATE";
    trialEnd?: string;
    organisationId?: number;
    governingBodies: string[];
  }
  const people: Person[] = [
    {
      email: "demo@example.org",
      firstName: "Alex",
      lastName: "Morgan",
      jobTitle: "Advanced Paramedic Practitioner",
      created: "2024-03-01",
      roles: [ROLES.userBasic],
      tier: "PREMIUM",
      governingBodies: ["HCPC", "NMC"],
    },
    {
      email: "trial@example.org",
      firstName: "Priya",
      lastName: "Shah",
      jobTitle: "Staff Nurse",
      created: addDays(today, -10),
      roles: [ROLES.userBasic],
      tier: "BASIC",
      trialEnd: addMonths(addDays(today, -10), TRIAL_MONTHS),
      governingBodies: ["NMC"],
    },
    {
      email: "basic@example.org",
      firstName: "Sam",
      lastName: "Taylor",
      jobTitle: "Occupational Therapist",
      created: "2025-06-01",
      roles: [ROLES.userBasic],
      tier: "BASIC",
      governingBodies: ["HCPC"],
    },
    {
      email: "corporate@example.org",
      firstName: "Jordan",
      lastName: "Ellis",
      jobTitle: "Physiotherapist",
      created: "2025-09-01",
      roles: [ROLES.userBasic],
      tier: "CORPORATE",
      organisationId: acme.id,
      governingBodies: ["HCPC"],
    },
    {
      email: "manager@example.org",
      firstName: "Morgan",
      lastName: "Reid",
      jobTitle: "Clinical Education Lead",
      created: "2025-09-01",
      roles: [ROLES.userBasic, ROLES.organisationManager],
      tier: "CORPORATE",
      organisationId: acme.id,
      governingBodies: ["NMC"],
    },
    {
      email: "admin@example.org",
      firstName: "Casey",
      lastName: "Admin",
      jobTitle: "Platform Administrator",
      created: "2024-01-15",
      roles: [ROLES.userBasic, ...ADMIN_ROLES],
      tier: "PREMIUM",
      governingBodies: [],
    },
  ];

  for (const p of people) {
    const active = p.tier !== "BASIC";
    await prisma.user.create({
      data: {
        email: p.email,
        emailConfirmedAt: new Date(`${p.created}T09:00:00Z`),
        createdAt: new Date(`${p.created}T09:00:00Z`),
        organisationId: p.organisationId,
        credential: { create: { passwordHash } },
        roles: { create: p.roles.map((role) => ({ role })) },
        profile: {
          create: {
            firstName: p.firstName,
            lastName: p.lastName,
            jobTitle: p.jobTitle,
            governingBodies: p.governingBodies,
            ...(p.email === "demo@example.org"
              ? {
                  nickname: "Alex",
                  mobileNumber: "07911 123456",
                  mobileVerified: true,
                  alternativeEmail: "alex.morgan@nhs.example",
                  alternativeEmailVerified: false,
                }
              : {}),
          },
        },
        membership: {
          create: {
            tier: p.tier,
            active,
            memberSince: active ? toDateColumn(p.created) : null,
            autoRenew: p.tier === "PREMIUM",
            cancellable: p.tier === "PREMIUM",
            membershipSource:
              p.tier === "PREMIUM" ? "Direct Debit" : p.tier === "CORPORATE" ? "Organisation" : null,
          },
        },
        ...(p.trialEnd
          ? {
              trial: {
                create: {
                  startDate: toDateColumn(p.created) as Date,
                  endDate: toDateColumn(p.trialEnd) as Date,
                },
              },
            }
          : {}),
      },
    });
  }

  const demo = await prisma.user.findUniqueOrThrow({ where: { email: "demo@example.org" } });
  await prisma.personalProfile.create({
    data: {
      userId: demo.id,
      profession: "Paramedic",
      employer: "North West Ambulance Service",
      businessWebsiteAssociated: "https://www.nwas.nhs.uk",
      registrationNumber: "PA123456",
      hoursPerYear: 30,
      startDate: toDateColumn("2025-09-01"),
      reportInterval: 2,
      qualifications: "BSc (Hons) Paramedic Science; PGCert Advanced Clinical Practice; ALS Provider",
      interests: ["Emergency Medicine", "Mentorship", "Practice Education"],
      summaryOfWork:
        "Advanced paramedic in urgent and emergency care, assessing and treating patients in the community and mentoring student paramedics.",
      jobDescription: "Senior clinician on a rapid response vehicle; clinical lead for a team of twelve.",
      personalStatement:
        "I keep my practice current through reflective learning, audit and teaching, with a focus on frailty and end-of-life care in the community.",
      hcpcStandard1:
        "I keep a continuous, up-to-date and accurate record of my CPD activities in this diary.",
    },
  });
  await prisma.userTag.createMany({
    data: ["Leadership", "Clinical audit", "Safeguarding"].map((name, position) => ({
      userId: demo.id,
      name,
      position,
    })),
  });
  return people.length;
}

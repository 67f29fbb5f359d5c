// Demo data for ./scripts/start and the browser tests. Refused in production;
// runs only on an empty database, so it never overwrites anyone's records.
import { PrismaPg } from "@prisma/adapter-pg";
import { loadConfig } from "../packages/server/src/config.js";
import { PrismaClient } from "../packages/server/src/generated/prisma/client.js";
import { Storage } from "../packages/server/src/lib/storage.js";
import { DEMO_PASSWORD, demoPasswordHash, seedAccounts } from "./seed/accounts.js";
import { seedCalendar } from "./seed/calendar.js";
import { seedOrganisationAreas } from "./seed/organisation-areas.js";
import { seedRecords } from "./seed/records.js";
import { seedSsoOrganisation } from "./seed/sso.js";

/** The CPD Hub: a free library, a premium one, one without certificates and a private one. */
async function seedVideos(prisma: PrismaClient) {
  const libraries = [
    [
      "Clinical Essentials",
      false,
      [
        ["sepsis-recognition", "Recognising sepsis early", 1_260, 0.5],
        ["safeguarding-adults", "Safeguarding adults at risk", 2_400, 1],
        ["documentation-that-counts", "Documentation that counts", 900, 0.25],
      ],
    ],
    [
      "Premium Masterclasses",
      true,
      [
        ["ecg-masterclass", "ECG interpretation masterclass", 5_400, 1.5],
        ["leading-under-pressure", "Leading a team under pressure", 3_600, 1],
      ],
    ],
    ["Top Tips", false, [["five-minute-reflection", "Writing a reflection in five minutes", 300, 0.25]]],
    ["Private Training", false, [["induction-ward-7", "Ward 7 induction", 1_800, 0.5]]],
  ] as const;
  for (const [position, [name, premium, videos]] of libraries.entries()) {
    await prisma.videoLibrary.create({
      data: {
        name,
        premium,
        position,
        videos: {
          create: videos.map(([videoId, title, duration, hours], i) => ({
            videoId,
            name: title,
            description: `${title}: a short CPD video with a certificate of attendance where the library offers one.`,
            url: `https://videos.example.org/cpd/${videoId}`,
            duration,
            hours,
            position: i,
          })),
        },
      },
    });
  }
}

async function main() {
  if (process.env.NODE_ENV === "production") {
    console.error("Refusing to seed demo data when NODE_ENV=production.");
    process.exit(1);
  }
  // Secrets are not needed to seed; the rest (database, S3) comes from the environment.
  const config = loadConfig({
    JWT_SECRET: "x".repeat(32),
    SUPPORT_CHAT_SECRET: "x".repeat(16),
    ...process.env,
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: config.databaseUrl }) });
  try {
    if ((await prisma.user.count()) > 0) {
      console.log("Database already has users: demo data not seeded.");
      return;
    }
    const people = await seedAccounts(prisma);
    await seedSsoOrganisation(prisma, config);
    await seedRecords(prisma, new Storage(config.s3), await demoPasswordHash());
    await seedCalendar(prisma);
    await seedVideos(prisma);
    const more = await seedOrganisationAreas(prisma, await demoPasswordHash());
    console.log(
      `Seeded ${people + more} demo accounts (password ${DEMO_PASSWORD}), a year of CPD records, webinars, events and video libraries.`,
    );
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

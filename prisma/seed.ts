// Demo data for ./scripts/start and the browser tests. Refused in production;
// runs only on an empty database, so it never overwrites anyone's records.
import { PrismaPg } from "@prisma/adapter-pg";
import { loadConfig } from "../packages/server/src/config.js";
import { PrismaClient } from "../packages/server/src/generated/prisma/client.js";
import { Storage } from "../packages/server/src/lib/storage.js";
import { DEMO_PASSWORD, demoPasswordHash, seedAccounts } from "./seed/accounts.js";
import { seedCalendar } from "./seed/calendar.js";
import { seedRecords } from "./seed/records.js";

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
    await seedRecords(prisma, new Storage(config.s3), await demoPasswordHash());
    await seedCalendar(prisma);
    console.log(
      `Seeded ${people} demo accounts (password ${DEMO_PASSWORD}), a year of CPD records, webinars and events.`,
    );
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

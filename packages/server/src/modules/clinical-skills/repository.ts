// Every query of the clinical-skills module: the link to a Clinical Skills account.
import type { Prisma } from "../../generated/prisma/client.js";

type Client = Prisma.TransactionClient;

export const findLink = (db: Client, userId: string) =>
  db.clinicalSkillsLink.findUnique({ where: { userId } });

/** Linking again replaces the account, its sealed token and the time it was linked. */
export const saveLink = (
  db: Client,
  userId: string,
  link: { accountId: string; email: string; tokenEncrypted: string },
  now: Date,
) =>
  db.clinicalSkillsLink.upsert({
    where: { userId },
    update: { ...link, linkedAt: now },
    create: { userId, ...link },
  });

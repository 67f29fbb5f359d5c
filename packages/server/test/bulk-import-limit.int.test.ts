// A bulk import of the most rows one file may hold, in a file of its own: its app uses a Redis
// prefix no worker serves, so its thousand onboarding e-mails are counted here, then removed,
// instead of delaying the other files' e-mails.
import { randomUUID } from "node:crypto";
import { ORGANISATION_LIMITS } from "@cpd/contract";
import { Queue } from "bullmq";
import { afterAll, describe, expect, it } from "vitest";
import { accountEmailJob } from "../src/jobs/definitions/account-email.js";
import { call, createOrganisation, createUser, randomIp, useApp } from "./harness.js";

const prefix = `${process.env.REDIS_PREFIX ?? "cpd_it"}_bulk`;
const h = useApp({ config: { redisPrefix: prefix } });
let queue: Queue | undefined;
afterAll(async () => {
  await queue?.obliterate({ force: true });
  await queue?.close();
});

describe("bulk import at its limit", () => {
  it(`imports ${ORGANISATION_LIMITS.importRows} rows in one transaction and queues each member's onboarding e-mail`, async () => {
    queue = new Queue(accountEmailJob.queue, { connection: h.deps.redis, prefix });
    const org = await createOrganisation(h.deps);
    const manager = await createUser(h.deps, {
      organisationId: org.id,
      tier: "CORPORATE",
      roles: ["User-Basic", "Organisation-Manager"],
    });
    const users = Array.from({ length: ORGANISATION_LIMITS.importRows }, (_, i) => ({
      firstName: `Bulk${i}`,
      lastName: "Imported",
      email: `bulk-${i}-${randomUUID()}@test.example`,
    }));
    const waitingBefore = await queue.getWaitingCount();
    const started = performance.now();
    const res = await call(h.app, "POST", `/admin/organisations/${org.id}/users/bulk-import`, {
      token: manager.token,
      body: { users },
      ip: randomIp(),
    });
    console.log(`bulk import of ${users.length} rows: ${Math.round(performance.now() - started)} ms`);
    expect([res.status, res.body.imported]).toEqual([200, ORGANISATION_LIMITS.importRows]);
    const stored = await h.deps.prisma.user.findMany({
      where: { organisationId: org.id, id: { not: manager.id } },
      select: {
        email: true,
        profile: { select: { firstName: true } },
        membership: { select: { tier: true } },
      },
    });
    expect(stored).toHaveLength(ORGANISATION_LIMITS.importRows);
    const sample = stored.find((u) => u.email === users[123]?.email);
    expect(sample).toEqual({
      email: users[123]?.email,
      profile: { firstName: "Bulk123" },
      membership: { tier: "CORPORATE" },
    });
    expect((await queue.getWaitingCount()) - waitingBefore).toBe(ORGANISATION_LIMITS.importRows);
  }, 120_000);
});

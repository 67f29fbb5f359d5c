import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The same fake service ./scripts/start runs, over real HTTP on a free port.
import { createClinicalSkillsServer, FAKE_API_KEY } from "../../../scripts/fakes/clinical-skills.mjs";
import { HttpClinicalSkillsConnector } from "../src/connectors/clinical-skills/connector.js";
import { call, createUser, randomIp, useApp } from "./harness.js";

const h = useApp();
const fake = createClinicalSkillsServer();

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", () => resolve()));
  const { port } = fake.address() as AddressInfo;
  h.deps.clinicalSkills = new HttpClinicalSkillsConnector(`http://127.0.0.1:${port}`, FAKE_API_KEY);
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

const linkAccount = (token: string, emailAddress: string, password: string) =>
  call(h.app, "POST", "/clinical-skills/auth/link", {
    token,
    ip: randomIp(),
    body: { emailAddress, password },
  });

describe("clinical-skills", () => {
  it("answers 404 until linked, links with valid credentials, then 200 and the statistics", async () => {
    const u = await createUser(h.deps);
    expect((await call(h.app, "GET", "/clinical-skills/auth/link", { token: u.token })).status).toBe(404);
    expect((await call(h.app, "GET", "/clinical-skills/statistics", { token: u.token })).status).toBe(404);
    const link = await linkAccount(u.token, "demo@example.org", "Skills123!");
    expect(link.status).toBe(200);
    expect((await call(h.app, "GET", "/clinical-skills/auth/link", { token: u.token })).body).toEqual({
      linked: true,
      email: "demo@example.org",
    });
    const stats = (await call(h.app, "GET", "/clinical-skills/statistics", { token: u.token })).body;
    expect(stats).toEqual({
      past7DaysSkills: 5,
      past30DaysSkills: 36,
      past7DaysShifts: 2,
      past30DaysShifts: 9,
    });
    const row = await h.deps.prisma.clinicalSkillsLink.findUniqueOrThrow({ where: { userId: u.id } });
    expect(row.tokenEncrypted).not.toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain("Skills123!");
  });

  it("answers the required 400 and 403 messages", async () => {
    const u = await createUser(h.deps);
    const bad = await linkAccount(u.token, "not-an-email", "");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Please enter a valid email address and password.");
    const wrong = await linkAccount(u.token, "demo@example.org", "nope");
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe("Your email and password combination was not recognised.");
    expect((await call(h.app, "GET", "/clinical-skills/auth/link", { token: u.token })).status).toBe(404);
  });

  it("says so when the service cannot be reached", async () => {
    const u = await createUser(h.deps);
    const saved = h.deps.clinicalSkills;
    h.deps.clinicalSkills = new HttpClinicalSkillsConnector("http://127.0.0.1:9", FAKE_API_KEY, 500);
    try {
      const res = await linkAccount(u.token, "demo@example.org", "Skills123!");
      expect(res.status).toBe(502);
      expect(res.body.message).toBe("The Clinical Skills service is not available. Please try again later.");
    } finally {
      h.deps.clinicalSkills = saved;
    }
  });
});

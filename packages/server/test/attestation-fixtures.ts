// Attestation requests made straight in the database (ADR 0028), for the tests that need one to
// aim at (the authorisation matrix, the fuzzer): an NMC registration, a record it covers, the row.
import { randomUUID } from "node:crypto";
import type { Deps } from "../src/deps.js";

/** An NMC registration and a revalidation record of the user's: what a request may name. */
export async function coverable(
  deps: Deps,
  userId: string,
): Promise<{ registrationId: string; recordId: string }> {
  const reg = await deps.prisma.registration.create({
    data: {
      userId,
      regulator: "NMC",
      registers: ["nurse"],
      registrationNumber: "FIXTURE1",
      renewalDate: new Date("2027-06-30T00:00:00Z"),
    },
  });
  const record = await deps.prisma.revalidationRecord.create({
    data: { userId, kind: "reflectiveAccount", title: "Fixture", date: new Date("2026-06-01T00:00:00Z") },
  });
  return { registrationId: reg.id, recordId: record.id };
}

/** An open request of the user's, for a week, covering one new record. */
export async function openAttestation(deps: Deps, userId: string) {
  const { registrationId, recordId } = await coverable(deps, userId);
  const row = await deps.prisma.attestation.create({
    data: {
      userId,
      registrationId,
      regulator: "NMC",
      registrationNumber: "FIXTURE1",
      kind: "nmcReflectiveDiscussion",
      attesterName: "Fixture Attester",
      attesterEmail: `attester-${randomUUID()}@test.example`,
      recordIds: [recordId],
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    },
  });
  return { id: row.id, registrationId, recordId };
}

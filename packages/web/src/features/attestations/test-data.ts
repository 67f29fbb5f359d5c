// Payloads of the attestation calls for the component tests.
import {
  ATTESTATION_MESSAGES,
  type Attestation,
  CONFIRMATION_STATEMENT,
  type RevalidationRecord,
} from "@cpd/contract";

/** The NMC registration of revalidation/test-data.ts (a feature's fixtures stay its own). */
const REGISTRATION_ID = "0b8f7c1e-3c1a-4d43-9a57-1f3a2b4c5d6e";

export const ATTESTATION_ID = "5f0c6b7a-1d2e-4f3a-8b9c-0d1e2f3a4b5c";
export const TOKEN = "ag_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
export const HASH = "a".repeat(64);

/** What the attester fills in, as the sign call sends it. */
export const signerDetails = {
  name: "Sam Colleague",
  registrationNumber: "98B7654C",
  regulator: "NMC",
  email: "sam@nhs.net",
  address: "Ward 7, City Hospital",
  postcode: "AB1 2CD",
  date: "2026-07-01",
};

export const reflectiveAccount: RevalidationRecord = {
  id: "7b2e3d4c-5f6a-4b7c-9d8e-0f1a2b3c4d5e",
  kind: "reflectiveAccount",
  title: "Falls on the ward",
  date: "2026-05-10",
  endDate: null,
  hours: null,
  details: { nature: "A patient fell at night.", learned: "Check the bed rails." },
  themes: ["Preserve safety"],
  updatedAt: "2026-05-11T10:00:00.000Z",
};

export function attestation(over: Partial<Attestation> = {}): Attestation {
  return {
    id: ATTESTATION_ID,
    kind: "nmcReflectiveDiscussion",
    registrationId: REGISTRATION_ID,
    state: "sent",
    attester: { name: "Sam Colleague", email: "sam@nhs.net", mobile: null },
    recordIds: [reflectiveAccount.id],
    entryIds: [],
    createdAt: "2026-07-01T09:00:00.000Z",
    expiresAt: "2026-07-31T09:00:00.000Z",
    openedAt: null,
    signedAt: null,
    declinedAt: null,
    declineReason: null,
    withdrawnAt: null,
    lastReminderAt: null,
    signedHash: null,
    recordChangedSinceSigning: false,
    signer: null,
    ...over,
  };
}

export const link = {
  professionalName: "Nia Nurse",
  kind: "nmcReflectiveDiscussion",
  maskedEmail: "s•••@nhs.net",
  maskedMobile: "•••• •••123",
  expiresAt: "2026-07-31T09:00:00.000Z",
};

export const codeSent = {
  message: ATTESTATION_MESSAGES.codeSent,
  token: null,
  expiresAt: null,
  resendAfter: 30,
  channels: ["email", "sms"],
};

export function view(over: Record<string, unknown> = {}) {
  return {
    id: ATTESTATION_ID,
    kind: "nmcReflectiveDiscussion",
    state: "opened",
    professionalName: "Nia Nurse",
    regulator: "NMC",
    registrationNumber: "12A3456E",
    attesterName: "Sam Colleague",
    statement: null,
    expiresAt: "2026-07-31T09:00:00.000Z",
    records: [reflectiveAccount],
    entries: [
      {
        id: "8c3f4e5d-6a7b-4c8d-9e0f-1a2b3c4d5e6f",
        title: "Sepsis study day",
        date: "2026-04-02",
        hours: 6.5,
        category: "Clinical Education",
        activityType: "Course",
        description: "<p>Recognising <b>sepsis</b></p><img src=x onerror=alert(1)>",
      },
    ],
    ...over,
  };
}

export const confirmationView = () => view({ kind: "nmcConfirmation", statement: CONFIRMATION_STATEMENT });

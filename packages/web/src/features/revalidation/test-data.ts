// Payloads of the revalidation calls for the component tests, and what the tests of the pages
// that show the revalidation feature's parts expect of them.
import {
  REVALIDATION_MESSAGES,
  type RequirableRegulator,
  type RevalidationProgress,
  type RevalidationRecord,
} from "@cpd/contract";
import { screen } from "@testing-library/react";
import { expect } from "vitest";

export const nmcPack = {
  id: "nmc-2019",
  regulator: "NMC" as const,
  title: "NMC revalidation",
  version: "2019",
  effectiveFrom: "2019-01-01",
  registers: [
    { code: "nurse", title: "Nurse" },
    { code: "midwife", title: "Midwife" },
  ],
  themes: [
    "Prioritise people",
    "Practise effectively",
    "Preserve safety",
    "Promote professionalism and trust",
  ],
  sources: [{ title: "How to revalidate", url: "https://www.nmc.org.uk/revalidation/" }],
};

export const gphcPack = {
  ...nmcPack,
  id: "gphc-2024",
  regulator: "GPhC" as const,
  title: "GPhC revalidation",
  version: "2024",
  registers: [{ code: "pharmacist", title: "Pharmacist" }],
  themes: [],
};

export const registration = {
  id: "0b8f7c1e-3c1a-4d43-9a57-1f3a2b4c5d6e",
  regulator: "NMC" as const,
  registers: ["nurse", "midwife"],
  registrationNumber: "12A3456E",
  renewalDate: "2028-03-31",
  reminders: true,
  targetHours: null,
  cycleMonths: null,
};

export function progress(over: Partial<RevalidationProgress> = {}): RevalidationProgress {
  return {
    registration,
    pack: { id: "nmc-2019", title: "NMC revalidation", version: "2019", regulator: "NMC" },
    cycleStart: "2025-04-01",
    cycleEnd: "2028-03-31",
    deadline: "2028-03-31",
    windowOpens: "2027-12-31",
    daysToDeadline: 490,
    status: "short",
    requirements: [
      {
        id: "practice-hours",
        title: "Practice hours",
        metric: "practiceHours",
        target: 900,
        done: 100,
        met: false,
        missing: [],
        entryIds: [],
        recordIds: [],
        forecast: "2029-01-15",
        source: "https://www.nmc.org.uk/revalidation/requirements/practice-hours/",
      },
      {
        id: "cpd-hours",
        title: "CPD hours",
        metric: "cpdHours",
        target: 35,
        done: 35,
        met: true,
        missing: [],
        entryIds: [],
        recordIds: [],
        forecast: null,
        source: "https://www.nmc.org.uk/revalidation/requirements/cpd/",
      },
      {
        id: "code-themes",
        title: "Reflective accounts cover the Code",
        metric: "themesCovered",
        target: 4,
        done: 2,
        met: false,
        missing: ["Preserve safety", "Promote professionalism and trust"],
        entryIds: [],
        recordIds: [],
        forecast: null,
        source: "https://www.nmc.org.uk/revalidation/requirements/written-reflective-accounts/",
      },
    ],
    warnings: [{ code: "gap", message: "No CPD between 01/01/2026 and 01/09/2026." }],
    ...over,
  };
}

export const practiceRecord: RevalidationRecord = {
  id: "6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  kind: "practiceHours",
  title: "Ward 7",
  date: "2026-01-05",
  endDate: "2026-03-31",
  hours: 100,
  details: { organisation: "St Elsewhere" },
  themes: [],
  updatedAt: "2026-04-01T10:00:00.000Z",
};

/** The prompt for the registration the organisation requires (REQ-REVAL-09): its message, and a link to the profile's Registrations tab. */
export async function expectRequiredRegistrationPrompt(regulator: RequirableRegulator) {
  expect(
    await screen.findByText(`${REVALIDATION_MESSAGES.registrationRequired(regulator)}.`),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Add your registration" })).toHaveAttribute(
    "href",
    "/profile?tab=registrations",
  );
}

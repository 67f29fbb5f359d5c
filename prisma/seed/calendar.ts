// Webinars and events around today so the calendar and the dashboard are
// populated: upcoming, today, full, already ended, and one for acme-health only.
import type { PrismaClient } from "../../packages/server/src/generated/prisma/client.js";
import { addDays, todayInLondon } from "../../packages/server/src/lib/dates.js";

/** A London wall-clock time on a day offset from today, as an instant (UK is UTC+0/+1). */
const at = (days: number, hhmm: string) => new Date(`${addDays(todayInLondon(), days)}T${hhmm}:00Z`);

export async function seedCalendar(prisma: PrismaClient) {
  const acme = await prisma.organisation.findUniqueOrThrow({ where: { key: "acme-health" } });
  const community = await prisma.user.findMany({
    where: { email: { startsWith: "community" } },
    select: { id: true },
  });

  const webinars = [
    [
      "frailty-in-urgent-care",
      "Frailty in urgent and emergency care",
      0,
      "13:00",
      "14:00",
      "A practical look at the Clinical Frailty Scale, falls and when to convey. Includes case studies from community paramedics and a Q&A with a consultant geriatrician.\nCertificate of attendance available.",
    ],
    [
      "reflective-practice-that-counts",
      "Reflective practice that counts for revalidation",
      4,
      "18:30",
      "19:30",
      "How to write reflections your regulator will recognise, using Gibbs and Rolfe models, with examples mapped to HCPC and NMC standards.",
    ],
    [
      "safeguarding-update-2027",
      "Safeguarding update: what changed this year",
      12,
      "12:30",
      "13:30",
      "The latest statutory guidance, new referral pathways and learning from recent safeguarding adults reviews.",
    ],
    [
      "leading-with-compassion",
      "Leading with compassion on busy shifts",
      30,
      "19:00",
      "20:00",
      "Team leadership skills for senior clinicians: huddles, debriefs and psychological safety.",
    ],
    [
      "sepsis-recap",
      "Sepsis recap (recorded)",
      -10,
      "12:00",
      "13:00",
      "A recap of the national sepsis guidance.",
    ],
  ] as const;
  for (const [slug, title, day, start, end, description] of webinars) {
    await prisma.webinar.create({
      data: {
        webinarIdStr: slug,
        title,
        description,
        startDate: at(day, start),
        endDate: at(day, end),
        joinLink: `https://meet.example.org/${slug}`,
      },
    });
  }

  const events = [
    {
      title: "Major incident training day",
      day: 21,
      from: "09:00",
      to: "16:30",
      capacity: 40,
      location: "Training Centre, Manchester",
      org: null,
    },
    {
      title: "Paediatric resuscitation workshop",
      day: 0,
      from: "09:30",
      to: "16:00",
      capacity: 12,
      location: "Clinical Skills Lab, Leeds",
      org: null,
    },
    {
      title: "Advanced airway skills (fully booked)",
      day: 9,
      from: "09:00",
      to: "17:00",
      capacity: 2,
      location: "Simulation Suite, Liverpool",
      org: null,
    },
    {
      title: "Clinical supervision skills",
      day: -14,
      from: "10:00",
      to: "15:00",
      capacity: 20,
      location: "Online",
      org: null,
    },
    {
      title: "Acme Health journal club",
      day: 6,
      from: "12:30",
      to: "13:30",
      capacity: null,
      location: "Acme Health education centre",
      org: acme.id,
    },
  ];
  for (const e of events) {
    const created = await prisma.calendarEvent.create({
      data: {
        title: e.title,
        description: `${e.title}. Lunch provided. Please bring your own PPE.`,
        location: e.location,
        contactName: "Education team",
        contactEmail: "education@example.org",
        website: "https://www.example.org/events",
        joinEventLink: e.location === "Online" ? "https://meet.example.org/supervision" : null,
        happensAt: at(e.day, e.from),
        endsAt: at(e.day, e.to),
        capacity: e.capacity,
        organisationId: e.org,
      },
    });
    // The fully booked course: its seats are taken by the community users.
    if (e.capacity === 2) {
      for (const u of community.slice(0, 2))
        await prisma.eventRegistration.create({ data: { eventId: created.id, userId: u.id } });
    }
  }
}

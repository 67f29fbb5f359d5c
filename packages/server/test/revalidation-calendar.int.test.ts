// Revalidation deadlines and window openings in the calendar feed (issue 26, REQ-REVAL-06).
import { describe, expect, it } from "vitest";
import { call, createUser, useApp } from "./harness.js";

const h = useApp();

/** The VEVENT blocks of a feed, unfolded. */
const events = (ics: string) =>
  ics
    .replace(/\r\n /g, "")
    .split("BEGIN:VEVENT")
    .slice(1)
    .map((e) => e.slice(0, e.indexOf("END:VEVENT")));

describe("revalidation in the calendar feed", () => {
  it("holds each registration's deadline and window as all-day events with alarms, their UIDs stable across saves", async () => {
    const u = await createUser(h.deps);
    const registrations = {
      items: [
        // NMC: due on the revalidation date, the window opening 60 days before.
        { regulator: "NMC", registers: ["nurse"], registrationNumber: "12A3456E", renewalDate: "2028-03-31" },
        {
          regulator: "GPhC",
          registers: ["pharmacist"],
          registrationNumber: "2071234",
          renewalDate: "2027-10-31",
        },
      ],
    };
    const put = () => call(h.app, "PUT", "/profile/registrations", { token: u.token, body: registrations });
    expect((await put()).status).toBe(200);
    const feed = async () => {
      const res = await h.app.inject({ method: "GET", url: `/api/calendar/ics?auth_token=${u.token}` });
      expect(res.statusCode).toBe(200);
      return events(res.body).filter((e) => e.includes("UID:revalidation-"));
    };
    const first = await feed();
    const byUid = (list: string[]) => Object.fromEntries(list.map((e) => [/UID:(\S+)/.exec(e)?.[1], e]));
    const host = new URL(h.deps.config.publicUrl).host;
    const found = byUid(first);
    expect(Object.keys(found).sort()).toEqual(
      [
        `revalidation-GPhC-2071234-2027-10-31-deadline@${host}`,
        `revalidation-NMC-12A3456E-2028-03-31-deadline@${host}`,
        `revalidation-NMC-12A3456E-2028-03-31-window@${host}`,
      ].sort(),
    );
    const nmc = found[`revalidation-NMC-12A3456E-2028-03-31-deadline@${host}`] ?? "";
    expect(nmc).toContain("DTSTART;VALUE=DATE:20280331");
    expect(nmc).toContain("SUMMARY:Revalidation due: NMC 12A3456E");
    expect(nmc).toMatch(/BEGIN:VALARM\r\nACTION:DISPLAY\r\n.*\r\nTRIGGER:-P7D\r\nEND:VALARM/);
    expect(nmc).toMatch(/TRIGGER:-P1D/);
    expect(found[`revalidation-NMC-12A3456E-2028-03-31-window@${host}`]).toContain(
      "DTSTART;VALUE=DATE:20280131",
    );

    // Saving the registrations again (new rows) keeps the events' identities.
    expect((await put()).status).toBe(200);
    expect(Object.keys(byUid(await feed())).sort()).toEqual(Object.keys(found).sort());
  });
});

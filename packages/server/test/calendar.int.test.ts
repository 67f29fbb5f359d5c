import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addDays, addMonths, todayInLondon } from "../src/lib/dates.js";
import { call, createOrganisation, createUser, type TestUser, useApp } from "./harness.js";

const h = useApp();
/** Managers' events need their organisation's Events switch (ADR 0020). */
const EVENTS_ON = { features: { OrganisationEvents: true } };
const hoursFromNow = (n: number) => new Date(Date.now() + n * 3600_000);

async function makeEvent(
  data: {
    capacity?: number | null;
    startsIn?: number;
    lasts?: number;
    organisationId?: number | null;
    joinEventLink?: string;
  } = {},
) {
  const start = hoursFromNow(data.startsIn ?? 48);
  return h.deps.prisma.calendarEvent.create({
    data: {
      title: `Event ${randomUUID().slice(0, 6)}`,
      description: "Study day",
      happensAt: start,
      endsAt: new Date(start.getTime() + (data.lasts ?? 6) * 3600_000),
      capacity: data.capacity ?? null,
      organisationId: data.organisationId ?? null,
      joinEventLink: data.joinEventLink ?? "https://meet.example.org/x",
    },
  });
}
const register = (u: TestUser, id: string) =>
  call(h.app, "POST", `/calendar/events/${id}/register`, { token: u.token });

describe("calendar events", () => {
  it("registers and unregisters; the join link shows only once registered", async () => {
    const u = await createUser(h.deps);
    const e = await makeEvent();
    const before = (await call(h.app, "GET", `/calendar/events/${e.id}`, { token: u.token })).body;
    expect(before).toMatchObject({ registered: false, joinEventLink: null, eventFull: false, ended: false });
    const reg = await register(u, e.id);
    expect(reg.body).toMatchObject({
      registered: true,
      joinEventLink: "https://meet.example.org/x",
      registrations: 1,
    });
    expect((await register(u, e.id)).body.registrations).toBe(1);
    const un = await call(h.app, "POST", `/calendar/events/${e.id}/unregister`, { token: u.token });
    expect(un.body).toMatchObject({ registered: false, joinEventLink: null, registrations: 0 });
  });

  it("refuses a full event, also under concurrent registrations", async () => {
    const e = await makeEvent({ capacity: 2 });
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(h.deps)));
    const results = await Promise.all(users.map((u) => register(u, e.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.body.message).toBe("This event is full");
    const late = (await call(h.app, "GET", `/calendar/events/${e.id}`, { token: users[0]?.token })).body;
    expect(late.eventFull).toBe(true);
  });

  it("refuses registration after an event has ended", async () => {
    const u = await createUser(h.deps);
    const e = await makeEvent({ startsIn: -10, lasts: 2 });
    const res = await register(u, e.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This event has ended");
    expect((await call(h.app, "GET", `/calendar/events/${e.id}`, { token: u.token })).body.ended).toBe(true);
  });

  it("lists events in a range and hides other organisations' events", async () => {
    const org = await createOrganisation(h.deps, EVENTS_ON);
    const otherOrg = await createOrganisation(h.deps, EVENTS_ON);
    const member = await createUser(h.deps, { tier: "CORPORATE", organisationId: org.id });
    const mine = await makeEvent({ organisationId: org.id });
    const theirs = await makeEvent({ organisationId: otherOrg.id });
    const ids = (await call(h.app, "GET", "/calendar/events", { token: member.token })).body.map(
      (e: { id: string }) => e.id,
    );
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await call(h.app, "GET", `/calendar/events/${theirs.id}`, { token: member.token })).status).toBe(
      404,
    );
    expect((await register(member, theirs.id)).status).toBe(404);
    const far = addMonths(todayInLondon(), 12);
    expect(
      (
        await call(h.app, "GET", `/calendar/events?from=${far}&to=${addDays(far, 1)}`, {
          token: member.token,
        })
      ).body,
    ).toEqual([]);
  });

  it("lets admins and the organisation's managers create, edit and delete events; nobody else", async () => {
    const org = await createOrganisation(h.deps, EVENTS_ON);
    const manager = await createUser(h.deps, {
      tier: "CORPORATE",
      organisationId: org.id,
      roles: ["User-Basic", "Organisation-Manager"],
    });
    const outsider = await createUser(h.deps, { roles: ["User-Basic", "Organisation-Manager"] });
    const user = await createUser(h.deps);
    const admin = await createUser(h.deps, { roles: ["User-Basic", "Admin"] });
    const body = {
      title: "Ward teaching",
      description: "Bring a case",
      happensAt: hoursFromNow(24).toISOString(),
      endsAt: hoursFromNow(25).toISOString(),
      capacity: 10,
    };
    expect((await call(h.app, "POST", "/calendar/events", { token: user.token, body })).status).toBe(403);
    expect((await call(h.app, "POST", "/calendar/events", { token: outsider.token, body })).status).toBe(403);
    const created = await call(h.app, "POST", "/calendar/events", { token: manager.token, body });
    expect(created.status).toBe(200);
    expect(created.body.organisationId).toBe(org.id);
    const bad = await call(h.app, "POST", "/calendar/events", {
      token: manager.token,
      body: { ...body, endsAt: body.happensAt },
    });
    expect(bad.body.message).toBe("The end must be after the start");
    const edited = await call(h.app, "PUT", `/calendar/events/${created.body.id}`, {
      token: manager.token,
      body: { ...body, title: "Ward teaching (moved)" },
    });
    expect(edited.body.title).toBe("Ward teaching (moved)");
    const platform = await call(h.app, "POST", "/calendar/events", { token: admin.token, body });
    expect(platform.body.organisationId).toBeNull();
    expect(
      (await call(h.app, "DELETE", `/calendar/events/${platform.body.id}`, { token: manager.token })).status,
    ).toBe(404);
    expect(
      (await call(h.app, "DELETE", `/calendar/events/${created.body.id}`, { token: manager.token })).status,
    ).toBe(200);
    expect(
      (
        await call(h.app, "POST", "/calendar/events", {
          token: admin.token,
          body: { ...body, website: "javascript:alert(1)" },
        })
      ).status,
    ).toBe(400);

    // The management list: admins see every organisation's events, managers their own and the platform's.
    const otherOrgEvent = await makeEvent({
      organisationId: (await createOrganisation(h.deps, EVENTS_ON)).id,
    });
    const ids = async (t: string) =>
      (await call(h.app, "GET", "/calendar/events/manage", { token: t })).body.map(
        (e: { id: string }) => e.id,
      );
    expect(await ids(admin.token)).toContain(otherOrgEvent.id);
    expect(await ids(manager.token)).not.toContain(otherOrgEvent.id);
    expect((await call(h.app, "GET", "/calendar/events/manage", { token: user.token })).status).toBe(403);
    expect((await call(h.app, "GET", "/webinars/manage", { token: user.token })).status).toBe(403);
  });

  it("answers editing another organisation's event 404, with the same body as a missing one", async () => {
    const org = await createOrganisation(h.deps, EVENTS_ON);
    const other = await createOrganisation(h.deps, EVENTS_ON);
    const outsider = await createUser(h.deps, {
      tier: "CORPORATE",
      organisationId: other.id,
      roles: ["User-Basic", "Organisation-Manager"],
    });
    const member = await createUser(h.deps, { tier: "CORPORATE", organisationId: org.id });
    const e = await makeEvent({ organisationId: org.id });
    const body = {
      title: "Taken over",
      description: "x",
      happensAt: hoursFromNow(24).toISOString(),
      endsAt: hoursFromNow(25).toISOString(),
    };
    const missing = await call(h.app, "PUT", `/calendar/events/${randomUUID()}`, {
      token: outsider.token,
      body,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      statusCode: 404,
      error: "Not Found",
      code: "EVENT_NOT_FOUND",
      message: "Event not found",
    });
    // Another organisation's manager, and a member who can see the event but not manage it.
    for (const u of [outsider, member]) {
      const put = await call(h.app, "PUT", `/calendar/events/${e.id}`, { token: u.token, body });
      expect(put.status).toBe(404);
      expect(put.body).toEqual(missing.body);
      const del = await call(h.app, "DELETE", `/calendar/events/${e.id}`, { token: u.token });
      expect(del.status).toBe(404);
      expect(del.body).toEqual(missing.body);
    }
    const kept = await h.deps.prisma.calendarEvent.findUniqueOrThrow({ where: { id: e.id } });
    expect(kept.title).toBe(e.title);
  });

  it("reads the time from the injected clock", async () => {
    const u = await createUser(h.deps);
    const e = await makeEvent({ startsIn: 1, lasts: 1 });
    const realNow = h.deps.now;
    h.deps.now = () => hoursFromNow(3);
    try {
      expect((await call(h.app, "GET", `/calendar/events/${e.id}`, { token: u.token })).body.ended).toBe(
        true,
      );
      const late = await register(u, e.id);
      expect(late.status).toBe(409);
      expect(late.body.code).toBe("EVENT_ENDED");
    } finally {
      h.deps.now = realNow;
    }
    expect((await register(u, e.id)).status).toBe(200);
  });
});

describe("webinars", () => {
  const makeWebinar = (over: Record<string, unknown> = {}) =>
    h.deps.prisma.webinar.create({
      data: {
        webinarIdStr: `w-${randomUUID().slice(0, 8)}`,
        title: "Frailty",
        description: "Talk",
        startDate: hoursFromNow(24),
        endDate: hoursFromNow(25),
        joinLink: "https://meet.example.org/w",
        ...over,
      },
    });

  it("lists upcoming webinars, registers once, and shows the join link to registered users", async () => {
    const u = await createUser(h.deps);
    // Starting in a minute: the soonest, so within the list's first hundred.
    const w = await makeWebinar({ startDate: hoursFromNow(0.02), endDate: hoursFromNow(1) });
    const ended = await makeWebinar({ startDate: hoursFromNow(-5), endDate: hoursFromNow(-4) });
    const list = (await call(h.app, "GET", "/webinars", { token: u.token })).body;
    const found = list.find((x: { webinarIdStr: string }) => x.webinarIdStr === w.webinarIdStr);
    expect(found).toMatchObject({ registered: false, joinLink: null });
    expect(list.some((x: { webinarIdStr: string }) => x.webinarIdStr === ended.webinarIdStr)).toBe(false);
    const reg = await call(h.app, "POST", `/webinars/${w.webinarIdStr}/register`, { token: u.token });
    expect(reg.body).toMatchObject({ registered: true, joinLink: "https://meet.example.org/w" });
    expect(
      (await call(h.app, "POST", `/webinars/${w.webinarIdStr}/register`, { token: u.token })).status,
    ).toBe(200);
    const registered = (await call(h.app, "GET", "/webinars/registered", { token: u.token })).body;
    expect(registered.map((x: { webinarIdStr: string }) => x.webinarIdStr)).toEqual([w.webinarIdStr]);
    const late = await call(h.app, "POST", `/webinars/${ended.webinarIdStr}/register`, { token: u.token });
    expect(late.status).toBe(409);
    expect((await call(h.app, "POST", "/webinars/no-such-webinar/register", { token: u.token })).status).toBe(
      404,
    );
  });

  it("is only for users with the Webinars feature", async () => {
    const basic = await createUser(h.deps, { tier: "BASIC" });
    const w = await makeWebinar();
    expect((await call(h.app, "GET", "/webinars", { token: basic.token })).body).toEqual([]);
    expect(
      (await call(h.app, "POST", `/webinars/${w.webinarIdStr}/register`, { token: basic.token })).status,
    ).toBe(403);
  });

  it("is managed by admins and organisation managers", async () => {
    const admin = await createUser(h.deps, { roles: ["User-Basic", "Admin"] });
    const user = await createUser(h.deps);
    const slug = `new-${randomUUID().slice(0, 8)}`;
    const body = {
      webinarIdStr: slug,
      title: "New",
      webinarDescription: "d",
      startDate: hoursFromNow(48).toISOString(),
      endDate: hoursFromNow(49).toISOString(),
    };
    expect((await call(h.app, "POST", "/webinars", { token: user.token, body })).status).toBe(403);
    expect((await call(h.app, "POST", "/webinars", { token: admin.token, body })).status).toBe(200);
    expect((await call(h.app, "POST", "/webinars", { token: admin.token, body })).status).toBe(409);
    expect(
      (
        await call(h.app, "PUT", `/webinars/${slug}`, {
          token: admin.token,
          body: { ...body, title: "Renamed" },
        })
      ).body.title,
    ).toBe("Renamed");
    // Who may not manage a webinar is told it does not exist, as for a missing one.
    expect((await call(h.app, "DELETE", `/webinars/${slug}`, { token: user.token })).status).toBe(404);
    expect((await call(h.app, "DELETE", `/webinars/${slug}`, { token: admin.token })).status).toBe(200);
  });

  it("answers another organisation's manager 404 with the same body as a missing webinar", async () => {
    const org = await createOrganisation(h.deps, EVENTS_ON);
    const other = await createOrganisation(h.deps, EVENTS_ON);
    const manager = (organisationId: number) =>
      createUser(h.deps, {
        tier: "CORPORATE",
        organisationId,
        roles: ["User-Basic", "Organisation-Manager"],
      });
    const [own, outsider] = await Promise.all([manager(org.id), manager(other.id)]);
    const w = await makeWebinar({ organisationId: org.id });
    const body = {
      webinarIdStr: w.webinarIdStr,
      title: "Taken over",
      webinarDescription: "d",
      startDate: hoursFromNow(48).toISOString(),
      endDate: hoursFromNow(49).toISOString(),
    };
    const foreign = await call(h.app, "PUT", `/webinars/${w.webinarIdStr}`, { token: outsider.token, body });
    const missing = await call(h.app, "PUT", `/webinars/no-such-${w.webinarIdStr}`, {
      token: outsider.token,
      body,
    });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body).toEqual({
      statusCode: 404,
      error: "Not Found",
      code: "WEBINAR_NOT_FOUND",
      message: "Webinar not found",
    });
    const removed = await call(h.app, "DELETE", `/webinars/${w.webinarIdStr}`, { token: outsider.token });
    expect(removed.body).toEqual(missing.body);
    const kept = await h.deps.prisma.webinar.findUniqueOrThrow({ where: { id: w.id } });
    expect(kept.title).toBe("Frailty");
    // Its own organisation's manager may; publishing for another organisation stays 403.
    const edited = await call(h.app, "PUT", `/webinars/${w.webinarIdStr}`, { token: own.token, body });
    expect(edited.body.title).toBe("Taken over");
    const forOther = await call(h.app, "POST", "/webinars", {
      token: outsider.token,
      body: { ...body, webinarIdStr: `x-${randomUUID().slice(0, 8)}`, organisationId: org.id },
    });
    expect(forOther.status).toBe(403);
    expect(forOther.body.code).toBe("OTHER_ORGANISATION");
  });
});

describe("planned CPD and the calendar feed", () => {
  it("lists future diary entries and due reminders, and exports them with registrations as iCalendar", async () => {
    const u = await createUser(h.deps);
    const today = todayInLondon();
    const save = (date: string, extra: Record<string, string> = {}) =>
      call(h.app, "POST", "/entries/diary", {
        token: u.token,
        body: {
          Field222: `Plan ${date}`,
          DiaryDate: date,
          DiaryHours: "1",
          ActivityType: "Other",
          Field116: "Other",
          ...extra,
        },
      });
    const future = (await save(addDays(today, 30))).body.entryId;
    const reminder = (await save(addDays(today, -60), { DiaryReminderDate: addDays(today, 5) })).body.entryId;
    await save(addDays(today, -10));
    const planned = (await call(h.app, "GET", "/planned-cpd", { token: u.token })).body;
    expect(planned).toEqual([
      {
        entryId: reminder,
        entryTitle: `Plan ${addDays(today, -60)}`,
        entryType: "diary",
        startDate: addDays(today, 5),
      },
      {
        entryId: future,
        entryTitle: `Plan ${addDays(today, 30)}`,
        entryType: "diary",
        startDate: addDays(today, 30),
      },
    ]);

    const e = await makeEvent();
    await register(u, e.id);
    const ics = await h.app.inject({ method: "GET", url: `/api/calendar/ics?auth_token=${u.token}` });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(ics.body).toContain(`SUMMARY:${e.title}`);
    expect(ics.body).toContain(`DTSTART;VALUE=DATE:${addDays(today, 30).replace(/-/g, "")}`);
    expect(ics.body).toContain("TZID=Europe/London");
  });
});

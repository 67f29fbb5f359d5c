import { describe, expect, it } from "vitest";
import { calendarEvent } from "../../test/fixtures";
import {
  EMPTY_EVENT,
  EVENT_FIELD_NAMES,
  eventToForm,
  placeServerError,
  toEventBody,
  validateEvent,
  WEBINAR_FIELD_NAMES,
} from "./event-form-model";

describe("event form", () => {
  it("requires a title and valid dates and times", () => {
    const e = validateEvent({ ...EMPTY_EVENT, startTime: "25:00", capacity: "1.5" });
    expect(e.title).toBe("Please enter a title.");
    expect(e.startDay).toBe("Please enter the start date.");
    expect(e.startTime).toBe("Please enter the start time as HH:MM.");
    expect(e.capacity).toBe("Capacity must be a whole number.");
  });

  it("sends London times as instants and blanks as null", () => {
    const body = toEventBody({
      ...EMPTY_EVENT,
      title: " Study day ",
      startDay: "2027-07-01",
      startTime: "09:00",
      endDay: "2027-07-01",
      endTime: "16:30",
      capacity: "40",
    });
    expect(body).toMatchObject({
      title: "Study day",
      happensAt: "2027-07-01T08:00:00.000Z",
      endsAt: "2027-07-01T15:30:00.000Z",
      location: null,
      capacity: 40,
    });
    const back = eventToForm(
      calendarEvent({ title: body.title, happensAt: body.happensAt, endsAt: body.endsAt, capacity: 40 }),
    );
    expect(back).toMatchObject({
      startDay: "2027-07-01",
      startTime: "09:00",
      endTime: "16:30",
      capacity: "40",
    });
  });

  it("places server messages next to their field", () => {
    expect(
      placeServerError("Contact email is not in the expected format", "VALIDATION_ERROR", EVENT_FIELD_NAMES),
    ).toEqual({
      contactEmail: "Contact email is not in the expected format",
    });
    expect(placeServerError("The end must be after the start", "TIMES_ORDER", EVENT_FIELD_NAMES)).toEqual({
      endDay: "The end must be after the start",
    });
    expect(
      placeServerError(
        "Webinar id str must be at least 3 characters",
        "VALIDATION_ERROR",
        WEBINAR_FIELD_NAMES,
      ),
    ).toEqual({
      webinarIdStr: "Webinar id str must be at least 3 characters",
    });
    expect(placeServerError("Something else", undefined, EVENT_FIELD_NAMES)).toEqual({
      form: "Something else",
    });
  });
});

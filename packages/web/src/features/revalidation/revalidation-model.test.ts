import { describe, expect, it } from "vitest";
import {
  amountText,
  deadlineText,
  forecastText,
  percent,
  type RegistrationDraft,
  registersOf,
  registrationErrors,
} from "./revalidation-model";
import { gphcPack, nmcPack } from "./test-data";

const draft = (over: Partial<RegistrationDraft> = {}): RegistrationDraft => ({
  key: "k",
  regulator: "NMC",
  registers: ["nurse"],
  registrationNumber: "12A3456E",
  renewalDate: "2028-03-31",
  reminders: true,
  targetHours: "",
  cycleMonths: "",
  ...over,
});

describe("revalidation rules of the SPA", () => {
  it("reads amounts in hours, themes or items", () => {
    expect(amountText({ metric: "practiceHours", done: 100, target: 900 })).toBe("100 of 900 hours");
    expect(amountText({ metric: "cpdHours", done: 7.25, target: 35 })).toBe("7.25 of 35 hours");
    expect(amountText({ metric: "themesCovered", done: 2, target: 4 })).toBe("2 of 4 themes");
    expect(amountText({ metric: "feedback", done: 1, target: 5 })).toBe("1 of 5");
  });

  it("fills a bar by done over target, capped at 100, full for a zero target", () => {
    expect(percent(100, 900)).toBe(11);
    expect(percent(1000, 900)).toBe(100);
    expect(percent(0, 0)).toBe(100);
  });

  it("says when a deadline is, today, or how long ago it passed", () => {
    expect(deadlineText(1, "2028-03-31")).toBe("Due in 1 day, on 31/03/2028");
    expect(deadlineText(0, "2028-03-31")).toBe("Due today (31/03/2028)");
    expect(deadlineText(-3, "2028-03-31")).toBe("3 days overdue (due 31/03/2028)");
  });

  it("marks a forecast that falls after the deadline", () => {
    expect(forecastText({ met: false, forecast: "2028-04-01" }, "2028-03-31")).toBe(
      "At your recent pace, reached by 01/04/2028 (after the deadline)",
    );
    expect(forecastText({ met: false, forecast: "2028-03-01" }, "2028-03-31")).toBe(
      "At your recent pace, reached by 01/03/2028",
    );
    expect(forecastText({ met: true, forecast: null }, "2028-03-31")).toBe("Met");
    expect(forecastText({ met: false, forecast: null }, "2028-03-31")).toBeNull();
  });

  it("checks a registration as the contract does", () => {
    expect(registrationErrors(draft())).toEqual({});
    expect(registrationErrors(draft({ registers: ["a", "b", "c", "d"] })).registers).toBe(
      "Choose at most 3 registers",
    );
    expect(registrationErrors(draft({ registrationNumber: "-12" })).registrationNumber).toMatch(
      /letters, digits/,
    );
    expect(registrationErrors(draft({ regulator: "OTHER", targetHours: "30", cycleMonths: "12" }))).toEqual(
      {},
    );
    expect(
      registrationErrors(draft({ regulator: "OTHER", targetHours: "1e308", cycleMonths: "1.5" })),
    ).toEqual({
      targetHours: "Enter a target between 0 and 10,000 hours",
      cycleMonths: "Enter a whole number of months between 1 and 120",
    });
  });

  it("offers the registers of the chosen regulator's packs only", () => {
    expect(registersOf([nmcPack, gphcPack], "GPhC")).toEqual([{ value: "pharmacist", label: "Pharmacist" }]);
    expect(registersOf([nmcPack, gphcPack], null)).toEqual([]);
  });
});

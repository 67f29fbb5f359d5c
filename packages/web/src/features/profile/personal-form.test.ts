import { describe, expect, it } from "vitest";
import { personalFormErrors, toBody, toForm } from "./personal-form";

const loaded = {
  profession: "Nurse",
  employer: null,
  businessWebsiteAssociated: null,
  registrationNumber: null,
  hoursPerYear: 35,
  startDate: "2025-04-01",
  reportInterval: 3,
  qualifications: null,
  signature: null,
  interests: ["Education"],
  summaryOfWork: null,
  jobDescription: null,
  personalStatement: null,
  hcpcStandard1: null,
  hcpcStandard2: null,
  hcpcStandard3: null,
  hcpcStandard4: null,
  organisation: null,
  lockedFields: [],
};

describe("personal profile form", () => {
  it("round-trips values, sending blanks as null", () => {
    const body = toBody({ ...toForm(loaded), employer: "  " }, []);
    expect(toForm(loaded).startDate).toBe("01/04/2025");
    expect(body).toMatchObject({
      profession: "Nurse",
      employer: null,
      hoursPerYear: 35,
      startDate: "2025-04-01",
    });
  });
  it("leaves locked fields out of the body", () => {
    const body = toBody(toForm(loaded), ["hoursPerYear", "startDate"]);
    expect(body).not.toHaveProperty("hoursPerYear");
    expect(body).not.toHaveProperty("startDate");
    expect(body.reportInterval).toBe(3);
  });
});

describe("personalFormErrors", () => {
  it("asks for DD/MM/YYYY start dates unless locked", () => {
    const form = { ...toForm(loaded), startDate: "2025-04-01" };
    expect(personalFormErrors(form, []).startDate).toMatch(/DD\/MM\/YYYY/);
    expect(personalFormErrors(form, ["startDate"])).toEqual({});
  });
});

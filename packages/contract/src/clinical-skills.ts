import { Type } from "@sinclair/typebox";
import { endpoint } from "./endpoint.js";
import { Text } from "./primitives.js";

const tags = ["clinical-skills"];

export const CLINICAL_SKILLS_MESSAGES = {
  invalidInput: "Please enter a valid email address and password.",
  notRecognised: "Your email and password combination was not recognised.",
  notLinked: "No Clinical Skills account is linked",
  unavailable: "The Clinical Skills service is not available. Please try again later.",
  notConfigured: "Clinical Skills is not set up on this server",
} as const;

export const clinicalSkillsLinkStatus = endpoint({
  method: "GET",
  path: "/clinical-skills/auth/link",
  errors: [502],
  summary: "200 when a Clinical Skills account is linked, 404 when not",
  tags,
  auth: true,
  response: Type.Object({ linked: Type.Boolean(), email: Text() }),
});

export const linkClinicalSkills = endpoint({
  method: "POST",
  path: "/clinical-skills/auth/link",
  errors: [502],
  summary: "Link a Clinical Skills account (the password is passed on, never stored)",
  tags,
  auth: true,
  // Lengths are checked in the service so a bad address answers the message of REQ-DASH-07.
  body: Type.Object({
    emailAddress: Text({ maxLength: 1000 }),
    password: Text({ maxLength: 1000 }),
  }),
  response: Type.Object({ linked: Type.Boolean(), email: Text() }),
});

export const clinicalSkillsStatistics = endpoint({
  method: "GET",
  path: "/clinical-skills/statistics",
  summary: "Skills and shifts logged in the linked account",
  tags,
  auth: true,
  response: Type.Object({
    past7DaysSkills: Type.Integer(),
    past30DaysSkills: Type.Integer(),
    past7DaysShifts: Type.Integer(),
    past30DaysShifts: Type.Integer(),
  }),
});

// Contact verification and change of e-mail (REQ-CONTACT-01..03).
import { Type } from "@sinclair/typebox";
import { endpoint, IsoDateTime, Message, Paged } from "./endpoint.js";
import { VerificationCode } from "./lifecycle-model.js";
import { Email, Int, PAGE_MAX, Text } from "./primitives.js";

const tags = ["profile"];
const CodeBody = Type.Object({ verificationCode: VerificationCode });
/** What a completed verification answers: the new badge state. */
export const Verified = Type.Object({ verified: Type.Literal(true), message: Text() });

export const startMobileVerification = endpoint({
  method: "POST",
  path: "/profile/start-mobile-number-verification",
  errors: [400],
  summary: "Text a 6-digit code (15 minutes) to the profile's mobile number",
  tags,
  auth: true,
  response: Message,
});

export const completeMobileVerification = endpoint({
  method: "POST",
  path: "/profile/complete-mobile-number-verification",
  summary: "Confirm the mobile number with the texted code",
  tags,
  auth: true,
  body: CodeBody,
  response: Verified,
});

export const startAlternativeEmailVerification = endpoint({
  method: "POST",
  path: "/profile/start-alternative-email-verification",
  errors: [400],
  summary: "E-mail a 6-digit code (15 minutes) to the profile's alternative e-mail address",
  tags,
  auth: true,
  response: Message,
});

export const completeAlternativeEmailVerification = endpoint({
  method: "POST",
  path: "/profile/complete-alternative-email-verification",
  summary: "Confirm the alternative e-mail address with the e-mailed code",
  tags,
  auth: true,
  body: CodeBody,
  response: Verified,
});

export const requestEmailChange = endpoint({
  method: "POST",
  path: "/profile/change-email",
  summary: "Send a confirmation link to a new e-mail address (nothing changes until it is confirmed)",
  tags,
  auth: true,
  body: Type.Object({ emailAddress: Email() }),
  response: Message,
});

export const confirmEmailChange = endpoint({
  method: "POST",
  path: "/profile/change-email/:token",
  errors: [409],
  summary: "Confirm a change of e-mail with the link's token: every session ends and the old address is told",
  tags,
  auth: false,
  params: Type.Object({ token: Text({ minLength: 20, maxLength: 128, pattern: "^[A-Za-z0-9_-]+$" }) }),
  response: Message,
});

export const EmailChange = Type.Object({
  dateChanged: IsoDateTime,
  previousEmail: Text(),
  newEmail: Text(),
});

export const emailChangeHistory = endpoint({
  method: "GET",
  path: "/profile/email-change-history",
  summary: "Past changes of e-mail address, newest first, 10 per page",
  tags,
  auth: true,
  query: Type.Object({ page: Type.Optional(Int(1, PAGE_MAX)) }),
  response: Paged(EmailChange),
});

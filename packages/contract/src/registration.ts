// Registration, e-mail confirmation and onboarding by link (REQ-AUTH-04, REQ-AUTH-05).
import { Type } from "@sinclair/typebox";
import { PASSWORD_MIN_LENGTH } from "./constants.js";
import { endpoint, Message, Nullable } from "./endpoint.js";
import { ONBOARDING_GOVERNING_BODIES } from "./lifecycle-model.js";
import { Email, Text } from "./primitives.js";

const tags = ["auth"];
const Password = Text({ minLength: PASSWORD_MIN_LENGTH, maxLength: 1024 });
/** Links carry a random 43-character token; only its SHA-256 is stored. */
const LinkToken = Type.Object({ id: Text({ minLength: 20, maxLength: 128, pattern: "^[A-Za-z0-9_-]+$" }) });

export const RegistrationBody = Type.Object({
  firstName: Text({ minLength: 1, maxLength: 100 }),
  lastName: Text({ minLength: 1, maxLength: 100 }),
  email: Email(),
  password: Password,
  /** A UK phone number (the same rule as the profile's mobile number); optional. */
  phoneNumber: Type.Optional(Nullable(Text({ maxLength: 30 }))),
  /** Labelled "Profession" on the form. */
  jobTitle: Type.Optional(Nullable(Text({ maxLength: 200 }))),
  /** The captcha widget's token; needed only when the server has a captcha (GET /auth/captcha enabled). */
  recaptchaToken: Type.Optional(Text({ minLength: 1, maxLength: 4096 })),
});

export const captchaSettings = endpoint({
  method: "GET",
  path: "/auth/captcha",
  summary: "What the registration form needs to show the captcha (enabled false: none is configured)",
  tags,
  auth: false,
  response: Type.Object({ enabled: Type.Boolean(), siteKey: Nullable(Text()), scriptUrl: Nullable(Text()) }),
});

export const register = endpoint({
  method: "POST",
  path: "/auth/register",
  summary:
    "Create an account (3-month, 5-entry trial) and e-mail a confirmation link; the same answer if the address is taken",
  tags,
  auth: false,
  body: RegistrationBody,
  response: Message,
  status: 201,
});

export const EmailValidation = Type.Object({
  valid: Type.Boolean(),
  registered: Type.Boolean(),
  message: Text(),
});

export const validateEmail = endpoint({
  method: "POST",
  path: "/auth/validate-email",
  summary: "Whether an address is well formed and already registered (the form then offers a password reset)",
  tags,
  auth: false,
  body: Type.Object({ email: Text({ maxLength: 320 }) }),
  response: EmailValidation,
});

export const confirmEmail = endpoint({
  method: "POST",
  path: "/auth/confirm-email/:id",
  summary: "Confirm a new account's e-mail address with the id from the confirmation link",
  tags,
  auth: false,
  params: LinkToken,
  response: Message,
});

export const OnboardingSession = Type.Object({
  email: Text(),
  firstName: Text(),
  organisationName: Nullable(Text()),
});

export const getOnboarding = endpoint({
  method: "GET",
  path: "/auth/onboarding/:id",
  summary: "Check an onboarding link (404 once used or expired)",
  tags,
  auth: false,
  params: LinkToken,
  response: OnboardingSession,
});

export const completeOnboarding = endpoint({
  method: "POST",
  path: "/auth/onboarding/:id",
  summary: "Set the password and governing body from an onboarding link (single use)",
  tags,
  auth: false,
  params: LinkToken,
  body: Type.Object({
    password: Password,
    governingBody: Type.Union(ONBOARDING_GOVERNING_BODIES.map((g) => Type.Literal(g))),
  }),
  response: Message,
});

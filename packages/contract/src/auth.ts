import { Type } from "@sinclair/typebox";
import { PASSWORD_MIN_LENGTH } from "./constants.js";
import { Empty, endpoint, Message } from "./endpoint.js";
import { Email, Text } from "./primitives.js";

const tags = ["auth"];

export const LoginResponse = Type.Object(
  {
    token: Text(),
    roles: Type.Array(Text()),
  },
  { examples: [{ token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI...", roles: ["User-Basic", "User-Premium"] }] },
);

export const login = endpoint({
  method: "POST",
  path: "/auth/login",
  errors: [401, 403],
  summary: "Log in with e-mail and password",
  tags,
  auth: false,
  body: Type.Object(
    {
      email: Email(),
      password: Text({ minLength: 1, maxLength: 1024 }),
      /** A temporary login lasts hours, not days (the SPA sends it when "remember me" is off). */
      temporary: Type.Optional(Type.Boolean()),
    },
    { examples: [{ email: "alex.morgan@example.org", password: "Correct-Horse-1" }] },
  ),
  response: LoginResponse,
});

export const impersonate = endpoint({
  method: "POST",
  path: "/auth/login/impersonate",
  summary: "Log in as another user (Admin only)",
  tags,
  auth: true,
  query: Type.Object({ user: Email() }),
  response: LoginResponse,
});

export const changePassword = endpoint({
  method: "POST",
  path: "/auth/change-password",
  summary: "Change the password; older tokens stop working",
  tags,
  auth: true,
  body: Type.Object({
    oldPassword: Text({ minLength: 1, maxLength: 1024 }),
    newPassword: Text({ minLength: PASSWORD_MIN_LENGTH, maxLength: 1024 }),
  }),
  response: LoginResponse,
});

export const requestReset = endpoint({
  method: "POST",
  path: "/auth/reset",
  summary: "Send a password reset link (same answer whether or not the e-mail exists)",
  tags,
  auth: false,
  body: Type.Object({ email: Email() }),
  response: Message,
});

export const completeReset = endpoint({
  method: "POST",
  path: "/auth/password-reset/:id",
  summary: "Set a new password with the id from the reset link",
  tags,
  auth: false,
  params: Type.Object({ id: Text({ minLength: 20, maxLength: 128 }) }),
  body: Type.Object({ password: Text({ minLength: PASSWORD_MIN_LENGTH, maxLength: 1024 }) }),
  response: Message,
});

export const createOtp = endpoint({
  method: "POST",
  path: "/auth/otp",
  summary: "Create a one-time token to show as a QR code",
  tags,
  auth: false,
  response: Type.Object({ token: Text(), expiresAt: Text({ format: "date-time" }) }),
});

export const otpLogin = endpoint({
  method: "POST",
  path: "/auth/otp/login",
  errors: [403, 410],
  summary: "Exchange an approved one-time token for a login (403 while not yet approved)",
  tags,
  auth: false,
  body: Type.Object({ token: Text({ minLength: 20, maxLength: 128 }) }),
  response: LoginResponse,
});

export const approveOtp = endpoint({
  method: "POST",
  path: "/auth/otp/approve",
  summary: "Approve a QR one-time token from a logged-in device (the mobile app)",
  tags,
  auth: true,
  body: Type.Object({ token: Text({ minLength: 20, maxLength: 128 }) }),
  response: Empty,
});

export const logout = endpoint({
  method: "POST",
  path: "/auth/logout",
  summary: "Log out everywhere: every token issued so far stops working",
  tags,
  auth: true,
  response: Empty,
});

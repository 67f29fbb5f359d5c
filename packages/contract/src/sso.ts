// Organisation single sign-on over OpenID Connect (REQ-AUTH-03). These
// calls are browser navigations: each answers a redirect, never JSON.
import { Type } from "@sinclair/typebox";
import { endpoint } from "./endpoint.js";
import { SerialId, Text } from "./primitives.js";

const tags = ["auth"];
const Redirect = Type.Null({ description: "302 redirect (Location header)" });
/** Where to go after login: a path of this site, or an absolute URL of its own origin; anything else is ignored. */
const RedirectTo = Text({ maxLength: 2000 });

export const loginSso = endpoint({
  method: "GET",
  path: "/auth/login/sso",
  summary:
    "Start single sign-on for the organisation named by referrer (its login key); redirects to its identity provider",
  tags,
  auth: false,
  query: Type.Object({
    redirectTo: Type.Optional(RedirectTo),
    /** The organisation key of the login page the user came from (`/o/{organisationKey}`). */
    referrer: Type.Optional(Text({ maxLength: 100 })),
  }),
  response: Redirect,
  binary: true,
  redirect: true,
});

export const externalLoginStart = endpoint({
  method: "GET",
  path: "/auth/external-login/:organisationId/start",
  summary: "Redirect to the organisation's OpenID provider (authorization code with PKCE, state and nonce)",
  tags,
  auth: false,
  params: Type.Object({ organisationId: SerialId() }),
  query: Type.Object({ redirect_to: Type.Optional(RedirectTo) }),
  response: Redirect,
  binary: true,
  redirect: true,
});

export const externalLoginProcess = endpoint({
  method: "GET",
  path: "/auth/external-login/:organisationId/process",
  summary:
    "The provider's callback: checks state, code, nonce and ID token, then redirects to the SPA with a one-time login token",
  tags,
  auth: false,
  params: Type.Object({ organisationId: SerialId() }),
  query: Type.Object({
    code: Type.Optional(Text({ maxLength: 4096 })),
    state: Type.Optional(Text({ maxLength: 512 })),
    error: Type.Optional(Text({ maxLength: 200 })),
    error_description: Type.Optional(Text({ maxLength: 2000 })),
    iss: Type.Optional(Text({ maxLength: 2000 })),
    redirect_to: Type.Optional(RedirectTo),
  }),
  response: Redirect,
  binary: true,
  redirect: true,
});

// Organisation single sign-on over OpenID Connect (authorization code, PKCE, state, nonce).
// Every call is a browser navigation and ends in a redirect: to the provider, to the SPA with a
// one-time login token, or back to the organisation's login page with ?error=<code>. A failure
// is never a 5xx; its reason goes to the log, never to the browser.
import type { ErrorCode } from "@cpd/contract";
import * as oidc from "openid-client";
import type { Deps } from "../../deps.js";
import { sha256 } from "../../lib/crypto.js";
import { approveOtp, createOtp } from "../auth/service.js";
import { accountFor, namesFromClaims } from "./accounts.js";
import {
  BINDING_COOKIE,
  bindingCookie,
  bindingFor,
  boundToBrowser,
  readCookie,
  savePendingLogin,
  takePendingLogin,
} from "./login-state.js";
import { providerClient, SSO_ORGANISATION, type SsoOrganisation, ssoConfigured } from "./provider.js";
import { safeRedirect } from "./redirect.js";

type SsoError = Extract<
  ErrorCode,
  "SSO_FAILED" | "SSO_NOT_CONFIGURED" | "SSO_OTHER_ORGANISATION" | "ORGANISATION_DISABLED"
>;

/** Where the browser goes next, and the binding cookie to set or clear on the way. */
export interface SsoAnswer {
  location: string;
  setCookie?: string;
}

/** A refusal that ends on a login page with `?error=<code>`; `reason` is only logged. */
class Refused extends Error {
  constructor(
    readonly code: SsoError,
    reason: string,
  ) {
    super(reason);
  }
}

const SCOPE = "openid email profile";

const basePath = (organisationId: number) => `/api/auth/external-login/${organisationId}`;
const callbackUrl = (deps: Deps, organisationId: number) =>
  `${deps.config.publicUrl}${basePath(organisationId)}/process`;
const secureCookies = (deps: Deps) => deps.config.publicUrl.startsWith("https:");

/** The SPA's login page of the organisation (or the general one) showing `code`'s message. */
function loginPageWith(deps: Deps, organisationKey: string | null, code: SsoError) {
  const page = organisationKey
    ? `/auth/login/organisation/${encodeURIComponent(organisationKey)}`
    : "/auth/login";
  return `${deps.config.publicUrl}${page}?error=${code}`;
}

const findOrganisation = async (deps: Deps, where: { id: number } | { key: string }) =>
  deps.prisma.organisation.findUnique({ where, select: SSO_ORGANISATION });

/** Refuses an organisation that cannot sign on now (disabled, or not set up for it). */
function assertCanSignOn(org: SsoOrganisation) {
  if (!org.enabled) throw new Refused("ORGANISATION_DISABLED", "organisation disabled");
  if (!ssoConfigured(org)) throw new Refused("SSO_NOT_CONFIGURED", "organisation without single sign-on");
}

/** Runs one step; a refusal or any failure (provider down, bad token, ...) becomes a redirect. */
async function orRedirect(
  deps: Deps,
  org: SsoOrganisation,
  step: string,
  fn: () => Promise<SsoAnswer>,
  clearCookie?: string,
): Promise<SsoAnswer> {
  try {
    return await fn();
  } catch (err) {
    const code = err instanceof Refused ? err.code : "SSO_FAILED";
    const reason = err instanceof Error ? err.message : String(err);
    const level = err instanceof Refused ? "info" : "warn";
    deps.log[level]({ organisationId: org.id, step, code, reason }, "single sign-on refused");
    return {
      location: loginPageWith(deps, org.key, code),
      ...(clearCookie ? { setCookie: clearCookie } : {}),
    };
  }
}

/** GET /auth/login/sso?referrer=<organisation key>: on to that organisation's start. */
export async function ssoByKey(deps: Deps, key: string | undefined, redirectTo: string | undefined) {
  const org = key ? await findOrganisation(deps, { key }) : null;
  if (!org || !ssoConfigured(org)) return loginPageWith(deps, null, "SSO_NOT_CONFIGURED");
  const next = new URL(`${deps.config.publicUrl}${basePath(org.id)}/start`);
  if (redirectTo) next.searchParams.set("redirect_to", safeRedirect(redirectTo, deps.config.publicUrl));
  return next.href;
}

/** GET …/:organisationId/start: a new state, nonce and PKCE verifier, then to the provider. */
export async function startSso(
  deps: Deps,
  organisationId: number,
  redirectTo: string | undefined,
  cookieHeader: string | undefined,
): Promise<SsoAnswer> {
  const org = await findOrganisation(deps, { id: organisationId });
  if (!org) return { location: loginPageWith(deps, null, "SSO_NOT_CONFIGURED") };
  return orRedirect(deps, org, "start", async () => {
    assertCanSignOn(org);
    const client = await providerClient(deps.config, org);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const binding = bindingFor(readCookie(cookieHeader, BINDING_COOKIE));
    await savePendingLogin(deps.redis, deps.config.redisPrefix, state, {
      organisationId: org.id,
      binding: sha256(binding),
      nonce,
      verifier,
      redirectTo: safeRedirect(redirectTo, deps.config.publicUrl),
    });
    const authorizationUrl = oidc.buildAuthorizationUrl(client, {
      redirect_uri: callbackUrl(deps, org.id),
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    });
    return {
      location: authorizationUrl.href,
      setCookie: bindingCookie(binding, basePath(org.id), secureCookies(deps)),
    };
  });
}

/** The identity the provider vouches for: a verified e-mail address (ID token, else userinfo). */
async function identityFrom(
  client: oidc.Configuration,
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
) {
  const idToken = tokens.claims();
  if (!idToken) throw new Error("no ID token");
  let claims: Record<string, unknown> = idToken;
  if (typeof claims.email !== "string") {
    claims = { ...(await oidc.fetchUserInfo(client, tokens.access_token, idToken.sub)), ...idToken };
  }
  if (typeof claims.email !== "string" || !claims.email.includes("@")) throw new Error("no e-mail claim");
  if (claims.email_verified !== true) throw new Error("e-mail not verified by the provider");
  return { email: claims.email.trim().toLowerCase(), ...namesFromClaims(claims) };
}

/**
 * GET …/:organisationId/process: the provider's answer. The state must be pending (taken once),
 * of this organisation and of this browser; the code is exchanged with the PKCE verifier and
 * the ID token checked (signature, issuer, audience, expiry, nonce) by openid-client.
 */
export async function finishSso(
  deps: Deps,
  organisationId: number,
  rawQuery: string,
  cookieHeader: string | undefined,
): Promise<SsoAnswer> {
  const org = await findOrganisation(deps, { id: organisationId });
  if (!org) return { location: loginPageWith(deps, null, "SSO_NOT_CONFIGURED") };
  const clear = bindingCookie(null, basePath(org.id), secureCookies(deps));
  return orRedirect(
    deps,
    org,
    "process",
    async () => {
      const params = new URLSearchParams(rawQuery);
      const state = params.get("state");
      const pending = state ? await takePendingLogin(deps.redis, deps.config.redisPrefix, state) : null;
      if (!pending) throw new Refused("SSO_FAILED", "unknown, used or expired state");
      if (pending.organisationId !== org.id) throw new Refused("SSO_FAILED", "state of another organisation");
      if (!boundToBrowser(pending, readCookie(cookieHeader, BINDING_COOKIE)))
        throw new Refused("SSO_FAILED", "state not bound to this browser");
      assertCanSignOn(org);
      if (params.has("error")) throw new Refused("SSO_FAILED", `provider answered ${params.get("error")}`);
      const client = await providerClient(deps.config, org);
      const tokens = await oidc.authorizationCodeGrant(
        client,
        new URL(`${callbackUrl(deps, org.id)}?${params}`),
        { pkceCodeVerifier: pending.verifier, expectedState: state as string, expectedNonce: pending.nonce },
      );
      const who = await identityFrom(client, tokens);
      const account = await accountFor(deps, org.id, who);
      if ("refused" in account)
        throw new Refused(account.refused, "address of an account outside the organisation");
      // The SPA's hand-off, exactly as a QR login: an approved one-time token it exchanges once.
      const { token } = await createOtp(deps);
      await approveOtp(deps, account.userId, token);
      const spa = new URL(`${deps.config.publicUrl}/auth/login/sso`);
      spa.searchParams.set("otp", token);
      spa.searchParams.set("redirectTo", pending.redirectTo);
      return { location: spa.href, setCookie: clear };
    },
    clear,
  );
}

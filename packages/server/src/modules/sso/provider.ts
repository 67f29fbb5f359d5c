// An organisation's OpenID provider: its settings on the Organisation row (the client secret
// sealed at rest) and the openid-client Configuration to talk to it, built from briefly cached
// discovery metadata.
import * as oidc from "openid-client";
import type { Config } from "../../config.js";
import type { Db } from "../../lib/db.js";
import { SecretBox } from "../../lib/secret-box.js";
import { updateOrganisationSelect } from "../organisations/repository.js";

/** How long an issuer's discovery document is reused (a provider's keys and endpoints rarely move). */
const DISCOVERY_TTL_MS = 5 * 60_000;
/** Seconds each request to a provider may take before single sign-on gives up. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const secretBox = (config: Config) => new SecretBox(config.dataEncryptionKey, "oidc-client-secret");

/** The value stored in organisations.oidc_client_secret: never the secret itself. */
export const sealClientSecret = (config: Config, secret: string) => secretBox(config).seal(secret);

/** Turns single sign-on on for an organisation with its provider's issuer and client. */
export function setOrganisationOidc(db: Db, config: Config, organisationId: number, s: OidcSettings) {
  return updateOrganisationSelect(
    db,
    organisationId,
    {
      usesOauth: true,
      oidcIssuer: s.issuer,
      oidcClientId: s.clientId,
      oidcClientSecret: sealClientSecret(config, s.clientSecret),
    },
    { id: true },
  );
}

/** What single sign-on reads of an organisation. */
export const SSO_ORGANISATION = {
  id: true,
  key: true,
  enabled: true,
  usesOauth: true,
  oidcIssuer: true,
  oidcClientId: true,
  oidcClientSecret: true,
} as const;

export interface SsoOrganisation {
  id: number;
  key: string;
  enabled: boolean;
  usesOauth: boolean;
  oidcIssuer: string | null;
  oidcClientId: string | null;
  oidcClientSecret: string | null;
}

/** Whether the organisation is set up for single sign-on (its row says so and names a provider). */
export const ssoConfigured = (o: SsoOrganisation) =>
  o.usesOauth && Boolean(o.oidcIssuer && o.oidcClientId && o.oidcClientSecret);

const discovered = new Map<string, { until: number; metadata: Promise<oidc.ServerMetadata> }>();

function insecureIfAllowed(config: Config) {
  return config.oidcAllowHttp ? [oidc.allowInsecureRequests] : [];
}

/** The issuer's metadata, discovered at most once per DISCOVERY_TTL_MS (a failure is not kept). */
function serverMetadata(config: Config, issuer: string): Promise<oidc.ServerMetadata> {
  const hit = discovered.get(issuer);
  if (hit && hit.until > Date.now()) return hit.metadata;
  // The client id is not part of discovery; the Configuration built here is thrown away.
  const metadata = oidc
    .discovery(new URL(issuer), "discovery", undefined, undefined, {
      execute: insecureIfAllowed(config),
      timeout: PROVIDER_TIMEOUT_SECONDS,
    })
    .then((c) => ({ ...c.serverMetadata() }));
  discovered.set(issuer, { until: Date.now() + DISCOVERY_TTL_MS, metadata });
  metadata.catch(() => {
    if (discovered.get(issuer)?.metadata === metadata) discovered.delete(issuer);
  });
  return metadata;
}

/** The client of a configured organisation (see ssoConfigured) at its provider. */
export async function providerClient(config: Config, org: SsoOrganisation): Promise<oidc.Configuration> {
  if (!ssoConfigured(org)) throw new Error("single sign-on is not configured");
  const metadata = await serverMetadata(config, org.oidcIssuer as string);
  const secret = secretBox(config).open(org.oidcClientSecret as string);
  const methods = metadata.token_endpoint_auth_methods_supported;
  const auth =
    !methods || methods.includes("client_secret_basic")
      ? oidc.ClientSecretBasic(secret)
      : oidc.ClientSecretPost(secret);
  const client = new oidc.Configuration(metadata, org.oidcClientId as string, secret, auth);
  client.timeout = PROVIDER_TIMEOUT_SECONDS;
  for (const apply of insecureIfAllowed(config)) apply(client);
  return client;
}

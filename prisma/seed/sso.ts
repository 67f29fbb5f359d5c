// The single sign-on demo organisation (issue 11): its members log in through the local OpenID
// provider (scripts/fakes/oidc.mjs, started by scripts/services.mjs at OIDC_ISSUER) with any
// e-mail address; the first sign-in creates their corporate account. The client is the fake's
// static `cpd-local`, which accepts this organisation's callback on ports 3000 and 3100 of
// localhost and 127.0.0.1 whatever id the seed gives it, and survives a restart of the fake.

import type { Config } from "../../packages/server/src/config.js";
import type { PrismaClient } from "../../packages/server/src/generated/prisma/client.js";
import { ORGANISATION_FEATURES } from "../../packages/server/src/modules/shell/feature-defaults.js";
import { setOrganisationOidc } from "../../packages/server/src/modules/sso/provider.js";
import { LOCAL_CLIENT } from "../../scripts/fakes/oidc.mjs";

const SSO_ORGANISATION_KEY = "northshire-sso";

const LOGO = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" viewBox="0 0 200 40"><rect width="40" height="40" rx="8" fill="#00703c"/><path d="M11 29V11h4l10 12V11h4v18h-4L15 17v12z" fill="#fff"/><text x="48" y="27" font-family="Arial,sans-serif" font-size="18" font-weight="700" fill="#004d2a">Northshire NHS</text></svg>',
)}`;

export async function seedSsoOrganisation(prisma: PrismaClient, config: Config) {
  const org = await prisma.organisation.create({
    data: {
      key: SSO_ORGANISATION_KEY,
      name: "Northshire NHS Trust (SSO)",
      logoUrl: LOGO,
      loginLogoUrl: LOGO,
      colourHex: "#00703C",
      loginLink: `/o/${SSO_ORGANISATION_KEY}`,
      features: Object.fromEntries([...ORGANISATION_FEATURES].map((f) => [f, true])),
    },
    select: { id: true },
  });
  await setOrganisationOidc(prisma, config, org.id, {
    issuer: process.env.OIDC_ISSUER || "http://127.0.0.1:4620",
    clientId: LOCAL_CLIENT.clientId,
    clientSecret: LOCAL_CLIENT.clientSecret,
  });
}

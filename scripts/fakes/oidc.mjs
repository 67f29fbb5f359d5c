// A local OpenID provider for organisation single sign-on, for the tests and ./scripts/start.
// It is the real `oidc-provider` (certified OpenID Connect server) with an in-memory store, so
// the server's client code (packages/server/src/modules/sso, openid-client) is the one
// production uses against Entra ID, Okta, Google and the like:
//   - issuer http://<host>:<port> (the address it listens on, unless `issuer` is given);
//   - discovery, JWKS, authorization (code flow, PKCE S256 required), token, userinfo;
//   - dynamic client registration at POST /reg (tests register clients with exact redirect URIs);
//   - one static client, LOCAL_CLIENT (`cpd-local`), used by the seeded "northshire-sso"
//     organisation: it accepts any organisation's callback
//     `<origin>/api/auth/external-login/<id>/process` for the origins http://localhost and
//     http://127.0.0.1 on ports 3000 and 3100, and PUBLIC_URL's origin (the organisation id is
//     only known once the seed has run, so it is matched, not listed);
//   - accounts by e-mail: any address logs in, no password. The ID token carries email,
//     email_verified true, given_name and family_name (from the form, or from the address:
//     jane.doe@... -> Jane Doe). Consent is implied (first-party clients).
// The login page, GET /interaction/<uid>, is an HTML form: POST /interaction/<uid> with
// `email` (and optional `given_name`, `family_name`) logs in; POST /interaction/<uid>/abort
// answers the client with error=access_denied. A test completes it over HTTP by keeping the
// provider's cookies (a small cookie jar) and posting the form.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import Provider from "oidc-provider";

export const LOCAL_CLIENT = Object.freeze({
  clientId: "cpd-local",
  // A fake's credential for the local provider only (never a real provider's secret).
  clientSecret: "cpd-local-oidc-client-secret",
});

const CALLBACK_PATH = /^\/api\/auth\/external-login\/\d+\/process$/;
const LOCAL_ORIGINS = ["localhost", "127.0.0.1"].flatMap((h) => [3000, 3100].map((p) => `http://${h}:${p}`));

const escapeHtml = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

const capitalise = (s) => (s ? s[0].toUpperCase() + s.slice(1).toLowerCase() : s);

/** Names from an address when the form gave none: jane.doe@x -> Jane, Doe. */
function namesFrom(email) {
  const [first, ...rest] = email
    .split("@")[0]
    .split(/[._-]+/)
    .filter(Boolean);
  return { given_name: capitalise(first ?? "Sso"), family_name: capitalise(rest.join(" ") || "User") };
}

function readForm(req, limit = 10_000) {
  return new Promise((resolve, reject) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
      if (raw.length > limit) req.destroy();
    });
    req.on("end", () => resolve(new URLSearchParams(raw)));
    req.on("error", reject);
  });
}

function loginPage(uid, clientName, hint) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in - local OpenID provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<h1>Local OpenID provider</h1>
<p>Sign in to <strong>${escapeHtml(clientName)}</strong>. Any e-mail address works; there is no password.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<p><label for="email">E-mail address</label><br>
<input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(hint)}" style="width:100%"></p>
<p><label for="given_name">First name (optional)</label><br><input id="given_name" name="given_name" style="width:100%"></p>
<p><label for="family_name">Last name (optional)</label><br><input id="family_name" name="family_name" style="width:100%"></p>
<p><button type="submit">Sign in</button></p>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form>
</body></html>`;
}

function buildProvider(issuer, { publicUrl }) {
  /** Names given on the form, by address (the ID token's given_name/family_name). */
  const names = new Map();
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: "jwk" }),
    kid: randomBytes(8).toString("hex"),
    use: "sig",
    alg: "RS256",
  };
  const origins = new Set(LOCAL_ORIGINS);
  if (publicUrl) origins.add(new URL(publicUrl).origin);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: LOCAL_CLIENT.clientId,
        client_secret: LOCAL_CLIENT.clientSecret,
        client_name: "CPD platform (local)",
        redirect_uris: [`${LOCAL_ORIGINS[0]}/api/auth/external-login/1/process`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    // The ID token carries the scopes' claims (as the big providers' do), not only userinfo.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      userinfo: { enabled: true },
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const email = String(sub).toLowerCase();
      const given = names.get(email) ?? namesFrom(email);
      return {
        accountId: email,
        async claims() {
          return {
            sub: email,
            email,
            email_verified: true,
            given_name: given.given_name,
            family_name: given.family_name,
            name: `${given.given_name} ${given.family_name}`,
          };
        },
      };
    },
    // First-party clients: consent is implied, so login is the only interaction.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) {
        const found = await ctx.oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 120,
      IdToken: 3600,
      Interaction: 1800,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
  });

  // The static local client answers any organisation's callback on the local origins.
  const exact = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(value) {
    if (this.clientId !== LOCAL_CLIENT.clientId) return exact.call(this, value);
    try {
      const url = new URL(value);
      return origins.has(url.origin) && CALLBACK_PATH.test(url.pathname) && !url.search && !url.hash;
    } catch {
      return false;
    }
  };

  const handle = provider.callback();
  return async (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const m = url.pathname.match(/^\/interaction\/([\w-]+)(\/abort)?$/);
    if (!m) return handle(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== m[1]) throw new Error("interaction mismatch");
      if (req.method === "GET" && !m[2]) {
        const client = await provider.Client.find(details.params.client_id);
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        return res.end(
          loginPage(
            details.uid,
            client?.clientName ?? details.params.client_id,
            details.params.login_hint ?? "",
          ),
        );
      }
      if (req.method !== "POST") {
        res.writeHead(405);
        return res.end();
      }
      if (m[2]) {
        return await provider.interactionFinished(
          req,
          res,
          { error: "access_denied", error_description: "The user cancelled the sign-in" },
          { mergeWithLastSubmission: false },
        );
      }
      const form = await readForm(req);
      const email = (form.get("email") ?? "").trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) {
        res.writeHead(400, { "content-type": "text/plain" });
        return res.end("an e-mail address is required");
      }
      const derived = namesFrom(email);
      names.set(email, {
        given_name: form.get("given_name")?.trim() || derived.given_name,
        family_name: form.get("family_name")?.trim() || derived.family_name,
      });
      return await provider.interactionFinished(
        req,
        res,
        { login: { accountId: email } },
        { mergeWithLastSubmission: false },
      );
    } catch (err) {
      res.writeHead(400, { "content-type": "text/plain" });
      return res.end(`interaction failed: ${err.message}`);
    }
  };
}

/**
 * An http.Server running the provider. Its issuer is `issuer` or, by default, the address it
 * ends up listening on (so `listen(0)` works in tests); the provider is built on "listening".
 */
export function createOidcServer({ issuer, publicUrl = process.env.PUBLIC_URL } = {}) {
  let handler;
  const server = http.createServer((req, res) => {
    if (!handler) {
      res.writeHead(503);
      return res.end();
    }
    return handler(req, res);
  });
  server.on("listening", () => {
    const addr = server.address();
    const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
    handler = buildProvider(issuer ?? `http://${host}:${addr.port}`, { publicUrl });
  });
  return server;
}

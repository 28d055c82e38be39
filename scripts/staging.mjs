// Staging on one machine: `npm start -- --staging` (or STAGING=1 npm start) serves the built
// Worker in production mode (APP_ENV=production) against local stand-ins of what production
// talks to, so what production enforces can be tried before a deploy (docs/operations.md):
// - members: signing keys generated here with jose and served as a JWKS (GOOGLE_KEYS_URL), no
//   emulator (its unsigned tokens are refused in production); an ID token for the demo member is
//   minted and written to <state>/staging/demo-member.token;
// - content: the mock Storyblok CDN (tests/mocks/storyblok/cdn-server.mjs) serving a copy of
//   content/ in <state>/staging/content (edit it, then call the webhook, to "publish");
// - the publish webhook secret and the preview token set (STAGING_SECRETS below).
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { startMockCdn } from "#tests/mocks/storyblok/cdn-server.mjs";

/** Not secrets: known values of the local stand-ins, so tests and people can sign webhooks and previews. */
export const STAGING_SECRETS = {
  publicToken: "staging-public-token",
  previewToken: "staging-preview-token",
  webhookSecret: "staging-webhook-secret",
  spaceId: "287416",
};
const PROJECT_ID = "demo-arena";
/** The demo member of scripts/seed.sql. */
const DEMO_MEMBER = { uid: "demo-member", email: "demo@arena.test" };

/** Serves one JWKS at /keys on 127.0.0.1:`port` (0: a free one), with Google's caching headers. */
function serveKeys(port, jwks) {
  const server = createServer((request, response) => {
    if (request.url !== "/keys") return response.writeHead(404).end();
    response.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "public, max-age=21600" });
    response.end(JSON.stringify(jwks));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

/**
 * Starts the stand-ins and returns the Worker vars that point at them, the demo member's token
 * and a `close()`. Ports: STAGING_CDN_PORT and STAGING_KEYS_PORT, else free ones (logged).
 */
export async function startStaging({ state, sitePort }) {
  const dir = path.join(state, "staging");
  mkdirSync(dir, { recursive: true });
  const contentDir = path.join(dir, "content");
  cpSync("content", contentDir, { recursive: true });
  const cdn = await startMockCdn({
    port: Number(process.env.STAGING_CDN_PORT ?? 0),
    contentDir,
    tokens: { public: STAGING_SECRETS.publicToken, preview: STAGING_SECRETS.previewToken },
  });

  const kid = `staging-${Date.now()}`;
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" }] };
  const keys = await serveKeys(Number(process.env.STAGING_KEYS_PORT ?? 0), jwks);
  const keysPort = keys.address().port;
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    email: DEMO_MEMBER.email,
    email_verified: true,
    auth_time: now,
    firebase: { identities: { email: [DEMO_MEMBER.email] }, sign_in_provider: "password" },
  })
    .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
    .setIssuer(`https://securetoken.google.com/${PROJECT_ID}`)
    .setAudience(PROJECT_ID)
    .setSubject(DEMO_MEMBER.uid)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(privateKey);
  const tokenFile = path.join(dir, "demo-member.token");
  writeFileSync(tokenFile, token);

  const vars = {
    APP_ENV: "production",
    PUBLIC_ORIGIN: `http://127.0.0.1:${sitePort}`,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    GOOGLE_KEYS_URL: `http://127.0.0.1:${keysPort}/keys`,
    STORYBLOK_API_BASE: cdn.url,
    STORYBLOK_TOKEN: STAGING_SECRETS.publicToken,
    STORYBLOK_PREVIEW_TOKEN: STAGING_SECRETS.previewToken,
    STORYBLOK_WEBHOOK_SECRET: STAGING_SECRETS.webhookSecret,
    STORYBLOK_SPACE_ID: STAGING_SECRETS.spaceId,
  };
  console.log(
    `staging: production mode; mock Storyblok CDN ${cdn.url} (content in ${contentDir}), ` +
      `signing keys http://127.0.0.1:${keysPort}/keys; demo member's ID token in ${tokenFile} ` +
      `(POST it to /api/__session as {"token": …} to sign in)`,
  );
  return {
    vars,
    token,
    close: async () => {
      await cdn.close();
      await new Promise((resolve) => keys.close(resolve));
    },
  };
}

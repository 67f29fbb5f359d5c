import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** Random URL-safe secret for links and one-time tokens (256 bits). */
export const randomToken = () => randomBytes(32).toString("base64url");

/** Tokens are stored only as their SHA-256, so a database leak exposes no live link. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

// OWASP password storage: argon2id, 19 MiB, 2 iterations, 1 lane.
const ARGON = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

// Verifying against a real hash when the user does not exist keeps the
// response time the same, so login does not reveal which e-mails have accounts.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string) {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(await dummyHash, password);
}

/** A compact HS256 JWT, for identities handed to third parties (support chat). */
export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const body = `${enc({ alg: "HS256", typ: "JWT" })}.${enc(payload)}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

export function verifyHs256(token: string, secret: string): Record<string, unknown> | null {
  const [h, p, s] = token.split(".");
  if (!h || !p || !s) return null;
  const expected = createHmac("sha256", secret).update(`${h}.${p}`).digest();
  const given = Buffer.from(s, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return JSON.parse(Buffer.from(p, "base64url").toString("utf8"));
}

/**
 * Password hashing with PBKDF2-HMAC-SHA256 through WebCrypto: at least 600,000
 * iterations and a random 16-byte salt per password. The stored form carries its
 * own parameters: `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`.
 */
import { decodeBase64, encodeBase64 } from "./base64.ts";

/** The minimum iteration count accepted (OWASP 2023 for PBKDF2-HMAC-SHA256). */
export const MIN_ITERATIONS = 600_000;

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string, iterations = MIN_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, Math.max(iterations, MIN_ITERATIONS));
  return `pbkdf2-sha256$${Math.max(iterations, MIN_ITERATIONS)}$${encodeBase64(salt)}$${
    encodeBase64(hash)
  }`;
}

/** Whether a stored value is a hash this module made (invited accounts hold a placeholder). */
function isPasswordHash(stored: string): boolean {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  return scheme === "pbkdf2-sha256" && Number.isInteger(iterations) && iterations > 0 &&
    !!saltText && !!hashText;
}

/**
 * Checks a password against a stored hash in constant time. A value that is not a
 * hash (an invited account's placeholder) is checked against a hash that never
 * verifies with the same iteration count, so every refusal costs one derivation.
 */
export async function verifyPassword(
  password: string,
  stored: string,
  iterations = MIN_ITERATIONS,
): Promise<boolean> {
  const usable = isPasswordHash(stored);
  const [, iterationsText, saltText, hashText] = (usable ? stored : dummyHash(iterations)).split(
    "$",
  );
  const expected = decodeBase64(hashText);
  const actual = await derive(password, decodeBase64(saltText), Number(iterationsText));
  if (actual.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < actual.length; i++) difference |= actual[i] ^ expected[i];
  return usable && difference === 0;
}

/** A hash that never verifies (its hash is not PBKDF2's output for any known input). */
export function dummyHash(iterations = MIN_ITERATIONS): string {
  return `pbkdf2-sha256$${
    Math.max(iterations, MIN_ITERATIONS)
  }$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
}

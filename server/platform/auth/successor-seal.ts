/**
 * The refresh grace window's secret keeping. When a refresh token is rotated, its
 * successor is stored sealed (AES-256-GCM) under a key derived (HKDF-SHA-256) from
 * the rotated token itself. The database holds only the rotated token's hash, so
 * neither a copy of the database nor anyone without the rotated token can open the
 * seal; the tab that presents the rotated token again within the window can, and
 * gets the very pair the first refresh answered.
 */
import { decodeBase64, encodeBase64 } from "./base64.ts";

const INFO = new TextEncoder().encode("opsuite refresh-token successor");

async function keyOf(rotatedToken: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(rotatedToken),
    "HKDF",
    false,
    ["deriveKey"],
  );
  return await crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: INFO },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** Seals the successor of a rotated token: base64 of IV and ciphertext. */
export async function sealSuccessor(rotatedToken: string, successor: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await keyOf(rotatedToken),
    new TextEncoder().encode(successor),
  );
  const out = new Uint8Array(12 + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), 12);
  return encodeBase64(out);
}

/** Opens a seal with the rotated token; null when it does not open. */
export async function openSuccessor(
  rotatedToken: string,
  sealed: string,
): Promise<string | null> {
  try {
    const bytes = decodeBase64(sealed);
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, 12) },
      await keyOf(rotatedToken),
      bytes.slice(12),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

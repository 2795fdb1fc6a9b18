/**
 * The evidence of a signature request as a hash chain: each event's hash is the
 * SHA-256 of the previous event's hash followed by the event's canonical JSON
 * (its fields in a fixed order), the first one following 64 zeros. Changing,
 * removing or reordering any stored event breaks every hash after it.
 */

/** The hash the first event follows. */
export const GENESIS_HASH = "0".repeat(64);

/** One evidence event as it is hashed. */
export interface EvidenceEvent {
  request_id: string;
  seq: number;
  signer_id: string | null;
  kind: string;
  at: string;
  ip: string;
  user_agent: string;
  detail: string;
}

/** A stored event: the event with the hash it follows and its own. */
export interface ChainedEvent extends EvidenceEvent {
  prev_hash: string;
  hash: string;
}

/** The event's canonical JSON: the same keys in the same order, whatever the row's. */
export function canonicalEvent(event: EvidenceEvent): string {
  return JSON.stringify({
    request_id: event.request_id,
    seq: Number(event.seq),
    signer_id: event.signer_id ?? null,
    kind: event.kind,
    at: event.at,
    ip: event.ip,
    user_agent: event.user_agent,
    detail: event.detail,
  });
}

/** The SHA-256 of bytes, in hex. */
export async function sha256OfBytes(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new Uint8Array(bytes));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The hash of an event following `prevHash`. */
export async function eventHash(prevHash: string, event: EvidenceEvent): Promise<string> {
  return await sha256OfBytes(new TextEncoder().encode(prevHash + canonicalEvent(event)));
}

/** Whether the events, in order, form an unbroken chain (an empty chain does). */
export async function chainVerifies(events: readonly ChainedEvent[]): Promise<boolean> {
  let prev = GENESIS_HASH;
  for (const [i, event] of events.entries()) {
    if (Number(event.seq) !== i + 1 || event.prev_hash !== prev) return false;
    if (await eventHash(prev, event) !== event.hash) return false;
    prev = event.hash;
  }
  return true;
}

/**
 * A rule's outgoing webhook: the record as JSON, POSTed with an HMAC-SHA256
 * signature of the body under the rule's secret (`X-Signature: sha256=<hex>`) and
 * an idempotency key that stays the same across retries (`Idempotency-Key`), so a
 * receiver can tell a retry from a new call. An answer other than 2xx, or none
 * within 10 seconds, is a failure the runner retries with backoff.
 */

/** How many times a webhook is tried before its run fails. */
export const WEBHOOK_ATTEMPTS = 5;

/** How long a webhook call may take. */
const TIMEOUT_MS = 10_000;

/** The wait before try `attempt + 1`: 30 s, doubling, at most an hour. */
export function webhookBackoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/** The hex HMAC-SHA256 of `body` under `secret`. */
export async function signature(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Calls a webhook once; what happened, in words. */
export async function callWebhook(
  fetcher: typeof fetch,
  call: { url: string; secret?: string; key: string; body: unknown },
): Promise<{ ok: boolean; said: string }> {
  const body = JSON.stringify(call.body);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "idempotency-key": call.key,
  };
  if (call.secret) headers["x-signature"] = `sha256=${await signature(call.secret, body)}`;
  try {
    const answer = await fetcher(call.url, {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await answer.body?.cancel();
    return answer.ok
      ? { ok: true, said: `Answered ${answer.status}` }
      : { ok: false, said: `Answered ${answer.status}` };
  } catch (error) {
    return { ok: false, said: `Could not be reached (${(error as Error).message})` };
  }
}

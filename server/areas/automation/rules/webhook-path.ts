/** The secret address an incoming-webhook rule is run at. */

/** The path prefix of incoming webhooks. */
export const HOOK_PREFIX = "/api/automation/hooks/";

/** A new secret path: 32 random bytes, hex. */
export function newHookPath(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `${HOOK_PREFIX}${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

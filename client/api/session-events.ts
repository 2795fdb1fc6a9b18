/**
 * The end of a session as an event: the API client ends a session whose refresh
 * failed, the user signs out, the idle guard times out. The app root listens and
 * sends the visitor to the sign-in page.
 */
import { clearStored } from "./descriptor-store.ts";
import { clearTokens } from "./tokens.ts";

/** Why a session ended. `expired` keeps the current location for after sign-in. */
export type SessionEndReason = "expired" | "signed-out" | "idle";

const listeners = new Set<(reason: SessionEndReason) => void>();

/** Forgets the tokens and tells every listener why. */
export function endSession(reason: SessionEndReason): void {
  clearStored();
  clearTokens();
  for (const listener of [...listeners]) listener(reason);
}

/** Calls `listener` when a session ends; returns the unsubscribe. */
export function onSessionEnded(listener: (reason: SessionEndReason) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether a session is stored, as React state that follows sign-in and sign-out. */
import { useSyncExternalStore } from "react";
import { hasSession, subscribeTokens } from "./tokens.ts";

/** True while a session is stored. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeTokens, hasSession, () => false);
}

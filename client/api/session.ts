/**
 * Starting and ending a session from the user's side: a sign-in or register answer
 * is stored; signing out tells the server to revoke the refresh token (best effort)
 * and ends the session locally either way.
 */
import { apiRequest, markTokensRefreshed } from "./api-client.ts";
import { isRecord } from "./api-error.ts";
import { endSession, type SessionEndReason } from "./session-events.ts";
import { readRefreshToken, storeTokens } from "./tokens.ts";
import { clearStored } from "./descriptor-store.ts";
import type { CurrentUser } from "./current-user.ts";

/** What `POST /auth/login`, `/auth/register` and `/auth/refresh` answer. */
export interface SessionAnswer {
  access_token: string;
  refresh_token: string;
  token_type?: string;
  expires_in?: number;
  user?: CurrentUser;
}

/** True when `value` has the shape of a session answer. */
export function isSessionAnswer(value: unknown): value is SessionAnswer {
  return isRecord(value) && typeof value.access_token === "string" &&
    typeof value.refresh_token === "string";
}

/** Stores the tokens of a session answer. */
export function startSession(answer: SessionAnswer): void {
  clearStored();
  storeTokens(answer);
  markTokensRefreshed();
}

/** Revokes the refresh token on the server (errors only logged) and ends the session. */
export async function signOut(reason: SessionEndReason = "signed-out"): Promise<void> {
  const refreshToken = readRefreshToken();
  if (refreshToken !== null) {
    try {
      await apiRequest("/auth/logout", {
        method: "POST",
        body: { refresh_token: refreshToken },
        refreshOnUnauthorized: false,
      });
    } catch (error) {
      console.warn("Sign-out could not reach the server", error);
    }
  }
  endSession(reason);
}

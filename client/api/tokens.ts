/**
 * The session tokens, kept in local storage under the spec's keys so a reload or a
 * second tab keeps the session. Listeners hear every change, including changes made
 * by other tabs.
 */

const ACCESS_TOKEN_KEY = "access_token";
const REFRESH_TOKEN_KEY = "refresh_token";

/** The tokens of a session answer (login, register, refresh). */
export interface SessionTokens {
  access_token: string;
  refresh_token: string;
}

const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** The bearer token, or null when signed out. */
export function readAccessToken(): string | null {
  return read(ACCESS_TOKEN_KEY);
}

/** The refresh token, or null. */
export function readRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

/** True when a session is stored. */
export function hasSession(): boolean {
  return readAccessToken() !== null || readRefreshToken() !== null;
}

/** Stores the tokens of a session answer. */
export function storeTokens(tokens: SessionTokens): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
  notify();
}

/** Forgets the session. */
export function clearTokens(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  notify();
}

/** Calls `listener` whenever the stored tokens change; returns the unsubscribe. */
export function subscribeTokens(listener: () => void): () => void {
  listeners.add(listener);
  function onStorage(event: StorageEvent): void {
    if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) {
      listener();
    }
  }
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}

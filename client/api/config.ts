/**
 * Where the API lives. The base URL comes from `VITE_API_BASE_URL` at build time;
 * without it the client talks to the origin that served it.
 */
declare global {
  interface ImportMeta {
    readonly env: { readonly VITE_API_BASE_URL?: string };
  }
}

/** The API base URL without a trailing slash ("" for the same origin). */
export const API_BASE_URL: string = (import.meta.env?.VITE_API_BASE_URL ?? "").replace(/\/+$/, "");

/** The absolute or origin-relative URL of an API path. */
export function apiUrl(path: string): string {
  return `${API_BASE_URL}${path}`;
}

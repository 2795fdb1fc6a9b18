/**
 * The page's inline bootstrap (the build inlines it at the top of the body; the
 * server's Content-Security-Policy names its hash). Before any module loads it
 * sets the remembered theme and, for a signed-in visitor of a staff or portal
 * page:
 * - starts the requests the first screen needs — the user, the shell and the
 *   screen the server matched to the address (`#opsuite-boot`) — so they run in
 *   parallel with the JavaScript download; the API client takes their answers
 *   (`boot-requests.ts`) instead of asking again;
 * - paints what this address showed when the same session last left it (a
 *   snapshot kept by `first-paint.ts` for this build of the client, at this
 *   window width), inert and
 *   hidden from assistive technology until the app has revalidated it and
 *   replaces it (a link a revoked permission removed can never be followed).
 * It imports nothing: it runs as it is.
 */

/** What the server writes into the page for the address it answers. */
export interface BootData {
  /** The route table, the same for every visitor. */
  routes: unknown;
  /** The client build the page belongs to (what kept snapshots are checked against). */
  build?: string;
  /** The first screen's requests, when the address is a signed-in page. */
  first?: {
    audience: "staff" | "portal";
    /** The screen descriptor's URL (`/ui/screens/…`), with the route's params. */
    screen: string;
    /** The screen's id and the route's params, as the client's screen query names them. */
    screenId: string;
    params: Record<string, string>;
  };
}

/** The requests started, by "METHOD path", with the token they carry. */
export interface BootRequests {
  token: string | null;
  data: BootData | null;
  started: Record<string, Promise<Response>>;
  /** The element showing the kept snapshot, if one was painted. */
  snapshot?: HTMLElement;
}

/** A kept snapshot of an address, as stored. */
export interface KeptSnapshot {
  build: string;
  session: string;
  at: number;
  /** The window's width it was taken at: it is painted only at the same width. */
  width: number;
  html: string;
}

/** The window as the bootstrap uses it. */
export interface BootWindow {
  document: Document;
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void, ms: number): unknown;
  localStorage: Storage;
  location: { pathname: string; search: string };
  innerWidth: number;
  matchMedia(query: string): { matches: boolean };
  fetch(input: string, init?: RequestInit): Promise<Response>;
  opsuiteBoot?: BootRequests;
}

/** The key a snapshot of an address is kept under. */
export function snapshotKey(address: string): string {
  return `opsuite.snapshot:${address}`;
}

/** The session an access token belongs to (`sub|sid` of its payload), or null. */
export function sessionOf(token: string | null): string | null {
  if (token === null) return null;
  try {
    const payload = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
    const claims = JSON.parse(atob(payload)) as { sub?: unknown; sid?: unknown };
    return typeof claims.sub === "string" && typeof claims.sid === "string"
      ? `${claims.sub}|${claims.sid}`
      : null;
  } catch (_) {
    return null;
  }
}

/**
 * Sets the theme, starts the first screen's requests, paints its kept snapshot and
 * starts the app's entry module (`entry`, the build's; the page preloads it): at
 * once, or after the snapshot's first frame has been painted, so evaluating the
 * app's code never holds that frame back.
 */
export function startFirstRequests(w: BootWindow, entry?: string): void {
  let painted = false;
  try {
    painted = paintFirstScreen(w);
  } finally {
    if (entry !== undefined) {
      const start = () => {
        const script = w.document.createElement("script");
        script.type = "module";
        script.crossOrigin = "anonymous";
        script.src = entry;
        w.document.head.append(script);
      };
      if (painted) w.requestAnimationFrame(() => w.setTimeout(start, 0));
      else start();
    }
  }
}

/** Sets the theme and starts the first requests; true when a kept snapshot was painted. */
function paintFirstScreen(w: BootWindow): boolean {
  const doc = w.document;
  let token: string | null = null;
  try {
    const theme = w.localStorage.getItem("theme");
    doc.documentElement.dataset.theme = theme === "light" || theme === "dark"
      ? theme
      : w.matchMedia("(prefers-color-scheme: dark)").matches
      ? "dark"
      : "light";
    token = w.localStorage.getItem("access_token");
  } catch (_) {
    doc.documentElement.dataset.theme = "light";
  }
  const boot: BootRequests = { token, data: null, started: {} };
  w.opsuiteBoot = boot;
  try {
    boot.data = JSON.parse(doc.getElementById("opsuite-boot")?.textContent ?? "null");
  } catch (_) {
    return false;
  }
  const first = boot.data?.first;
  if (!first || token === null) return false;
  const headers = { Accept: "application/json", Authorization: `Bearer ${token}` };
  const start = (method: "GET" | "POST", path: string) => {
    const request = w.fetch(path, {
      method,
      headers: method === "POST" ? { ...headers, "Content-Type": "application/json" } : headers,
      body: method === "POST" ? "{}" : undefined,
      cache: "no-cache",
    });
    // An unused answer must not be reported as an unhandled failure.
    request.catch(() => undefined);
    boot.started[`${method} ${path}`] = request;
  };
  start("POST", "/auth/me");
  start("GET", "/ui/shell");
  start("GET", first.screen);

  try {
    const kept = JSON.parse(
      w.localStorage.getItem(snapshotKey(w.location.pathname + w.location.search)) ?? "null",
    ) as KeptSnapshot | null;
    const root = doc.getElementById("root");
    if (
      kept === null || root === null || kept.build !== boot.data?.build ||
      kept.session !== sessionOf(token) || kept.width !== w.innerWidth
    ) return false;
    const painted = doc.createElement("div");
    painted.id = "first-paint";
    painted.inert = true;
    painted.setAttribute("aria-hidden", "true");
    painted.innerHTML = kept.html;
    root.before(painted);
    boot.snapshot = painted;
    return true;
  } catch (_) {
    // Nothing kept, or unreadable: the app paints as it loads.
    return false;
  }
}

/**
 * The snapshot a repeat visit paints at once. When a signed-in page is left (or
 * hidden), what it shows is kept for its address, for the session and the client
 * build (`opsuite.snapshot:<address>`, the most recent few); the page's bootstrap
 * paints it on the next visit, inert. Meanwhile the app renders into its root,
 * kept out of the page, and takes the snapshot's place once the first screen is
 * revalidated and its data is in (or after a short while at most), so the page
 * changes once, without a flash of loading states. Signing out, a session ending,
 * a new sign-in and an organisation switch forget every snapshot
 * (`descriptor-store.ts`).
 */
import type { QueryClient } from "@tanstack/react-query";
import { type KeptSnapshot, sessionOf, snapshotKey } from "../boot/first-requests.ts";
import { bootData } from "../api/boot-requests.ts";
import { STORED_AT } from "../api/descriptor-store.ts";
import { readAccessToken } from "../api/tokens.ts";

/** Addresses kept at most. */
export const MAX_SNAPSHOTS = 6;
/** The longest the snapshot stays when the first screen's data is slow. */
export const MAX_SNAPSHOT_MS = 2000;

/** Keeps what a signed-in page shows when it is left or hidden; returns the stop. */
export function keepSnapshots(root: HTMLElement): () => void {
  function keep(): void {
    const build = bootData()?.build;
    const session = sessionOf(readAccessToken());
    const shell = root.querySelector(".shell, .portal");
    // Only a settled page of the app: signed in, revalidated, and showing its root.
    if (
      build === undefined || session === null || shell === null || !root.isConnected ||
      shell.hasAttribute("inert")
    ) {
      return;
    }
    const address = location.pathname + location.search;
    const entry: KeptSnapshot = {
      build,
      session,
      at: Date.now(),
      width: innerWidth,
      html: visibleCopy(root),
    };
    try {
      localStorage.setItem(snapshotKey(address), JSON.stringify(entry));
      forgetOldest();
    } catch {
      // Storage full or refused: the next visit paints as it loads.
    }
  }
  const onVisibility = () => {
    if (document.visibilityState === "hidden") keep();
  };
  addEventListener("pagehide", keep);
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    removeEventListener("pagehide", keep);
    document.removeEventListener("visibilitychange", onVisibility);
  };
}

/**
 * What the page shows: the root's markup without the elements not rendered (closed
 * menus, collapsed groups, hidden panels) or wholly below the window (the rest of
 * a long menu), which a first paint does not need.
 */
export function visibleCopy(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  const bottom = innerHeight;
  (function prune(live: Element, copied: Element): void {
    const copiedChildren = [...copied.children];
    [...live.children].forEach((child, i) => {
      // An element without a box of its own (display: contents) shows its children.
      const boxless = getComputedStyle(child).display === "contents";
      const shown = boxless || typeof child.checkVisibility !== "function" ||
        child.checkVisibility();
      if (!shown || (!boxless && child.getBoundingClientRect().top > bottom)) {
        copiedChildren[i].remove();
      } else prune(child, copiedChildren[i]);
    });
  })(root, copy);
  return copy.innerHTML;
}

function forgetOldest(): void {
  const prefix = snapshotKey("");
  const kept: [string, number][] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(prefix)) continue;
    try {
      kept.push([key, (JSON.parse(localStorage.getItem(key)!) as KeptSnapshot).at]);
    } catch {
      kept.push([key, 0]);
    }
  }
  kept.sort((a, b) => a[1] - b[1]);
  for (const [key] of kept.slice(0, Math.max(0, kept.length - MAX_SNAPSHOTS))) {
    localStorage.removeItem(key);
  }
}

/**
 * When the bootstrap painted a snapshot: takes the app's root out of the page and
 * puts it in the snapshot's place once the first screen has settled — its shell
 * and screen revalidated and no query loading — or after MAX_SNAPSHOT_MS.
 */
export function replaceSnapshotWhenSettled(
  queryClient: QueryClient,
  root: HTMLElement,
  snapshot: HTMLElement | undefined,
): void {
  if (snapshot === undefined || !snapshot.isConnected) return;
  root.remove();
  let done = false;
  const reveal = () => {
    if (done) return;
    done = true;
    unsubscribe();
    clearTimeout(timer);
    snapshot.replaceWith(root);
  };
  const check = () => {
    if (done) return;
    const kept = queryClient.getQueryCache().findAll({
      predicate: (query) => query.state.dataUpdatedAt === STORED_AT,
    });
    if (kept.length > 0 || queryClient.isFetching() > 0) return;
    // One more frame, for what the answers render (a chart measuring itself, lazy widgets).
    requestAnimationFrame(() => {
      if (queryClient.isFetching() === 0) reveal();
    });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  const timer = setTimeout(reveal, MAX_SNAPSHOT_MS);
  setTimeout(check, 0);
}

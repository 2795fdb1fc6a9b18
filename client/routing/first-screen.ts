/**
 * The first screen of a visit. A signed-in visitor's user, shell and screen start
 * loading before anything renders (the page's bootstrap already asked for them,
 * and the API client takes those answers). On a repeat visit the descriptors kept
 * from the last one (`descriptor-store.ts`) are put in the query cache first, so
 * the page paints at once, and are revalidated at the same moment: a changed one
 * replaces the painted one, and until the answer is in, what was painted from the
 * store is inert (`useUnconfirmed`), so a link a revoked permission removed cannot
 * be followed. Every later answer of these queries is kept for the next visit.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { BootData } from "../boot/first-requests.ts";
import { currentUserQuery } from "../api/current-user.ts";
import { readStored, STORED_AT, writeStored } from "../api/descriptor-store.ts";
import { hasSession } from "../api/tokens.ts";
import { loadWidgetsOf } from "../widgets/registry-loader.ts";
import type { CheckedScreen } from "../renderer/descriptor-validation.ts";
import { portalShellQuery } from "../shell/portal-shell-query.ts";
import { type LoadedScreen, screenQuery, shellQuery } from "./descriptor-queries.ts";

/** A screen as kept: its invalid nodes as pairs. */
interface StoredScreen {
  descriptor: CheckedScreen["descriptor"];
  invalidNodes: [string, string][];
}

function kept(key: readonly unknown[]): boolean {
  const [first, second] = key;
  return (first === "shell" && (key.length === 1 || second === "portal")) ||
    (first === "screen" && key.length === 3) || (first === "auth" && second === "me");
}

function toStored(key: readonly unknown[], data: unknown): unknown {
  if (key[0] !== "screen") return data;
  const screen = data as LoadedScreen;
  // A refusal is not kept: the next visit asks again.
  if (screen.refusal !== undefined) return undefined;
  return { descriptor: screen.descriptor, invalidNodes: [...screen.invalidNodes] };
}

function fromStored(key: readonly unknown[], value: unknown): unknown {
  if (key[0] !== "screen" || value === undefined) return value;
  const screen = value as StoredScreen;
  return { descriptor: screen.descriptor, invalidNodes: new Map(screen.invalidNodes) };
}

/** Keeps every new answer of the kept queries for the next visit; returns the unsubscribe. */
export function keepDescriptors(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    const { queryKey, state } = event.query;
    if (!kept(queryKey) || state.dataUpdatedAt === STORED_AT) return;
    const value = toStored(queryKey, state.data);
    if (value !== undefined) writeStored(queryKey, value);
  });
}

/**
 * Puts what the last visit kept into the query cache and starts the first screen's
 * queries (revalidating what was put there). Nothing happens for a visitor who is
 * not signed in, or an address that is not a signed-in page.
 */
export function startFirstScreen(queryClient: QueryClient, first: BootData["first"]): void {
  if (first === undefined || !hasSession()) return;
  const shell = first.audience === "portal" ? portalShellQuery : shellQuery;
  const screen = screenQuery(first.screenId, first.params);
  for (const query of [currentUserQuery, shell, screen]) {
    const stored = fromStored(query.queryKey, readStored(query.queryKey));
    if (stored !== undefined && queryClient.getQueryData(query.queryKey) === undefined) {
      queryClient.setQueryData(query.queryKey, stored, { updatedAt: STORED_AT });
      // A kept screen's widgets load now (the page preloads their chunks), as its query would.
      if (query === screen) {
        void loadWidgetsOf((stored as LoadedScreen).descriptor.body).catch(() => undefined);
      }
    }
  }
  void queryClient.prefetchQuery({ ...currentUserQuery, staleTime: 0 });
  void queryClient.prefetchQuery({ ...shell, staleTime: 0 } as typeof shellQuery);
  void queryClient.prefetchQuery({ ...screen, staleTime: 0 });
}

/**
 * Whether a query's data was painted from the store and its revalidation is still
 * on its way (what it shows may no longer be allowed).
 */
export function isUnconfirmed(query: { dataUpdatedAt: number; isFetching: boolean }): boolean {
  return query.dataUpdatedAt === STORED_AT && query.isFetching;
}

/**
 * Builds the react-router route objects from the route table: redirects (with the
 * params of the old path), public and guest pages in the lazily loaded public layout, staff
 * and portal pages behind their guards inside the lazily loaded shell, and a catch-all
 * that sends unknown paths to `unknown`. Routes not marked lazy load their screen
 * descriptor before the navigation completes (once the visitor may open them).
 */
import type { QueryClient } from "@tanstack/react-query";
import { type LoaderFunctionArgs, redirect, type RouteObject } from "react-router-dom";
import type { RouteEntry, RoutesDescriptor } from "../../schemas/descriptor/mod.ts";
import { currentUserQuery } from "../api/current-user.ts";
import { hasSession } from "../api/tokens.ts";
import { AppRoot } from "./app-root.tsx";
import { BootSplash } from "./boot-splash.tsx";
import { hasStoredScreen, prefetchScreen } from "./descriptor-queries.ts";
import { loadRegistry } from "../widgets/registry-loader.ts";
import { guestGuard, portalGuard, staffGuard } from "./guards.ts";
import { RouteError } from "./route-error.tsx";
import { screenParamsOf } from "../../schemas/descriptor/screen-address.ts";
import { fillRoutePath } from "./route-paths.ts";
import { ScreenRoute } from "./screen-route.tsx";

/** The route objects of a route table. */
export function buildRoutes(routes: RoutesDescriptor, queryClient: QueryClient): RouteObject[] {
  // The page's first navigation: its frame paints without waiting for the screen.
  const first = { navigation: true };
  const of = (audience: RouteEntry["audience"]) =>
    routes.routes.filter((r) => r.audience === audience).map((entry) =>
      screenRoute(entry, queryClient, first)
    );
  // Each layout loads with the first page of its kind: a staff member's first screen
  // does not carry the sign-in pages' layout, nor a visitor's the shell.
  const publicLayout = () =>
    import("./public-layout.tsx").then((m) => ({ Component: m.PublicLayout }));
  const shellLayout = () =>
    import("../shell/shell-layout.tsx").then((m) => ({ Component: m.ShellLayout }));
  const portalLayout = () =>
    import("../shell/portal-layout.tsx").then((m) => ({ Component: m.PortalLayout }));
  return [{
    element: <AppRoot routes={routes} />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootSplash />,
    children: [
      ...routes.redirects.map((r) => ({
        path: r.from,
        loader: ({ params, request }: LoaderFunctionArgs) =>
          redirect(`${fillRoutePath(r.to, params)}${new URL(request.url).search}`),
      })),
      { lazy: publicLayout, children: of("public") },
      { lazy: publicLayout, loader: guestGuard(routes, queryClient), children: of("guest") },
      { loader: staffGuard(routes, queryClient), lazy: shellLayout, children: of("staff") },
      { loader: portalGuard(routes, queryClient), lazy: portalLayout, children: of("portal") },
      { path: "*", loader: () => redirect(routes.unknown) },
    ],
  }];
}

function screenRoute(
  entry: RouteEntry,
  queryClient: QueryClient,
  first: { navigation: boolean },
): RouteObject {
  return {
    path: entry.path,
    element: <ScreenRoute entry={entry} />,
    loader: entry.lazy ? undefined : async ({ params }: LoaderFunctionArgs) => {
      // A signed-in page's first navigation shows the shell at once, and the screen
      // (already asked for by the page's bootstrap) as soon as it is in.
      const framed = first.navigation &&
        (entry.audience === "staff" || entry.audience === "portal");
      first.navigation = false;
      if (await mayOpen(entry, queryClient)) {
        const screenParams = screenParamsOf(params);
        const loading = prefetchScreen(queryClient, entry.screen, screenParams);
        // A screen kept from the last visit paints now (with the widget registry, which
        // the page preloads); its revalidation goes on.
        if (hasStoredScreen(queryClient, entry.screen, screenParams)) await loadRegistry();
        else if (!framed) await loading;
      }
      return null;
    },
  };
}

/**
 * Whether the guard of the route's layout will let the visitor in (it runs in
 * parallel): no descriptor is fetched for a visitor about to be redirected.
 */
async function mayOpen(entry: RouteEntry, queryClient: QueryClient): Promise<boolean> {
  if (entry.audience === "public" || entry.audience === "guest") return true;
  if (!hasSession()) return false;
  const user = await queryClient.ensureQueryData(currentUserQuery).catch(() => undefined);
  return user !== undefined && user.is_client_portal_user === (entry.audience === "portal");
}

/**
 * The app: the query client and the router built from the route table. The router
 * is rebuilt only when the route table itself changes (a live event reloads it).
 *
 * The page's first screen renders in one piece: the router's first state (its
 * initial navigation) is not a transition, which React would render in 5 ms slices
 * with the browser's other work in between. Every later navigation is a transition,
 * so the screen the user is on stays until the next one is ready.
 */
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import type { RoutesDescriptor } from "../../schemas/descriptor/mod.ts";
import { buildRoutes } from "./build-routes.tsx";
import { routesQuery } from "./descriptor-queries.ts";

/** The whole client, once the route table is in the query cache. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>
  );
}

function AppRouter() {
  const queryClient = useQueryClient();
  const { data } = useQuery(routesQuery);
  const routes = data as RoutesDescriptor;
  const router = useMemo(() => createBrowserRouter(buildRoutes(routes, queryClient)), [
    routes,
    queryClient,
  ]);
  const [starting, setStarting] = useState(!router.state.initialized);
  useEffect(() => {
    if (router.state.initialized) {
      setStarting(false);
      return;
    }
    return router.subscribe((state) => {
      if (state.initialized) setStarting(false);
    });
  }, [router]);
  return <RouterProvider router={router} useTransitions={starting ? false : undefined} />;
}

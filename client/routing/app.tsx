/**
 * The app: the query client and the router built from the route table. The router
 * is rebuilt only when the route table itself changes (a live event reloads it).
 */
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
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
  return <RouterProvider router={router} />;
}

/**
 * Queries of the route table, the shell and screens. Descriptors are fetched with
 * `cache: "no-cache"` so the browser revalidates them with their ETag, and are
 * validated with the lazily loaded JSON Schema validators.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { RoutesDescriptor, ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { screenDescriptorUrl } from "../../schemas/descriptor/screen-address.ts";
import { apiRequest } from "../api/api-client.ts";
import { bootData } from "../api/boot-requests.ts";
import { STORED_AT } from "../api/descriptor-store.ts";
import { ApiError, isRecord } from "../api/api-error.ts";
import { freshForMs } from "../renderer/cache-classes.ts";
import type { CheckedScreen } from "../renderer/descriptor-validation.ts";
import { loadRegistry, loadWidgetsOf } from "../widgets/registry-loader.ts";

/** Loads the validators (a separate chunk, fetched once). */
function loadValidation() {
  return import("../renderer/descriptor-validation.ts");
}

/** Whether the route table the page carries was taken (it is used once; reloads ask the server). */
let embeddedRoutesTaken = false;

/** The route table query: the first answer is the one the page carries, when it has one. */
export const routesQuery = {
  queryKey: ["routes"] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<RoutesDescriptor> => {
    const embedded = embeddedRoutesTaken ? undefined : bootData()?.routes;
    embeddedRoutesTaken = true;
    const [answer, validation] = await Promise.all([
      embedded ??
        apiRequest("/ui/routes", { cache: "no-cache", signal, refreshOnUnauthorized: false }),
      loadValidation(),
    ]);
    return validation.checkRoutes(answer);
  },
  staleTime: Infinity,
};

/** The shell query. */
export const shellQuery = {
  queryKey: ["shell"] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<ShellDescriptor> => {
    const [answer, validation] = await Promise.all([
      apiRequest("/ui/shell", { cache: "no-cache", signal }),
      import("../renderer/shell-validation.ts"),
    ]);
    return validation.checkShell(answer);
  },
  // Kept until the live event stream says the shell changed (or, after a reconnect,
  // that versions moved meanwhile): a module or permission change reaches it then.
  staleTime: Infinity,
};

/** A loaded screen: validated, and the refusal when the server refused it. */
export interface LoadedScreen extends CheckedScreen {
  refusal?: ApiError;
}

/** The query of one screen with its params. */
export function screenQuery(screenId: string, params: Readonly<Record<string, string>>) {
  return {
    queryKey: ["screen", screenId, params] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<LoadedScreen> => {
      const validation = loadValidation();
      // The screen's widgets start loading with it (a first screen's are preloaded by
      // the page); the screen waits only for the registry, and a widget still on its
      // way shows its node's skeleton, so a navigation never waits for widget code.
      const withWidgets = async (checked: CheckedScreen) => {
        void loadWidgetsOf(checked.descriptor.body).catch(() => undefined);
        await loadRegistry();
        return checked;
      };
      try {
        const answer = await apiRequest(screenDescriptorUrl(screenId, params), {
          cache: "no-cache",
          signal,
        });
        return await withWidgets(await (await validation).checkScreen(answer, screenId));
      } catch (error) {
        const refused = error instanceof ApiError &&
          (error.status === 403 || error.status === 404) &&
          isRecord(error.body) && error.body.descriptor !== undefined;
        if (!refused) throw error;
        return {
          ...(await withWidgets(
            await (await validation).checkScreen(error.body.descriptor, screenId),
          )),
          refusal: error,
        };
      }
    },
    staleTime: (query: { state: { data?: LoadedScreen } }) =>
      freshForMs(query.state.data?.descriptor.cache),
  };
}

/** Starts loading a screen unless it is fresh in the cache; never throws. */
export function prefetchScreen(
  client: QueryClient,
  screenId: string,
  params: Readonly<Record<string, string>>,
) {
  return client.prefetchQuery(screenQuery(screenId, params));
}

/** Whether a screen's descriptor in the cache is the one kept from the last visit. */
export function hasStoredScreen(
  client: QueryClient,
  screenId: string,
  params: Readonly<Record<string, string>>,
): boolean {
  const state = client.getQueryState(screenQuery(screenId, params).queryKey);
  return state?.data !== undefined && state.dataUpdatedAt === STORED_AT;
}

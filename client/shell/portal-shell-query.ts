/**
 * The query of the client portal's shell: the same `GET /ui/shell`, which answers a
 * portal user with the portal's frame. Its key sits under "shell", so whatever
 * reloads the shell (live events, sign-in) reloads it too.
 */
import type { PortalShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { apiRequest } from "../api/api-client.ts";
import { freshForMs } from "../renderer/cache-classes.ts";

/** The portal shell query. */
export const portalShellQuery = {
  queryKey: ["shell", "portal"] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<PortalShellDescriptor> => {
    const [answer, validation] = await Promise.all([
      apiRequest("/ui/shell", { cache: "no-cache", signal }),
      import("../renderer/portal-shell-validation.ts"),
    ]);
    return validation.checkPortalShell(answer);
  },
  staleTime: freshForMs("semi-static"),
};

/** Payloads of the navigation call and the module catalogue. */
import { z } from "zod";

/** The navigation module item entity (spec §3). */
export const NavigationModuleItem = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  endpoints: z.array(z.string()),
  readPermissionId: z.string(),
  icon: z.string(),
}).strict();
export type NavigationModuleItem = z.infer<typeof NavigationModuleItem>;

export const NavigationRequest = z.object({}).strict();
export const NavigationResponse = z.object({
  items: z.array(NavigationModuleItem),
  categories: z.array(z.object({ name: z.string(), priority: z.number().int() }).strict()),
}).strict();

export const ModulesConfigRequest = z.object({}).strict();
export const ModulesConfigResponse = z.object({
  modules: z.array(
    NavigationModuleItem.extend({
      version: z.number().int(),
      adminOnly: z.boolean(),
      people_with_access: z.number().int().nonnegative().describe(
        "active members whose role opens the module: who loses it when it is turned off",
      ),
    }),
  ),
  catalogue_version: z.number().int(),
}).strict();

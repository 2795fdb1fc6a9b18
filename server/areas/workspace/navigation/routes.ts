/**
 * `POST /navigation`: the module items the caller may see — those `authorize`
 * grants `read`: enabled in their current organisation, with their read permission,
 * and administrator-only items for administrators alone. Deny by default.
 */
import { NavigationRequest, NavigationResponse } from "../../../../schemas/api/navigation.ts";
import type { Api } from "../../../platform/http/api.ts";
import { visibleModules } from "../../../platform/catalogue/visibility.ts";
import { CATEGORY_ORDER, CATEGORY_PRIORITIES } from "../../../platform/catalogue/categories.ts";

/** Declares the navigation endpoint. */
export function navigationRoutes(api: Api): void {
  api.route({
    method: "post",
    path: "/navigation",
    reads: true,
    tag: "Navigation",
    summary: "Navigation module items the caller may see",
    description:
      "An item is listed only when it is enabled in the caller's current organisation and its readPermissionId is among the caller's permissions; an administrator-only item only to firm_admin.",
    audience: "staff",
    body: NavigationRequest,
    response: NavigationResponse,
  }, (c, { access }) =>
    c.json({
      items: visibleModules(access).map((m) => ({
        id: m.id,
        name: m.name,
        category: m.category,
        description: m.description,
        enabled: true,
        endpoints: m.endpoints,
        readPermissionId: m.readPermissionId,
        icon: m.icon,
      })),
      categories: CATEGORY_ORDER.map((name) => ({ name, priority: CATEGORY_PRIORITIES[name] })),
    }));
}

/**
 * The route table (spec §2): public pages and blog articles, sign-in pages, the
 * client portal, every /app route with its screen id, `/app` → `/app/dashboard`,
 * legacy top-level paths → their /app path, `/budget-management` → `/app/budget`,
 * and unknown paths → `/`. The table is the same for every caller; whether a
 * caller may open a screen is decided when the screen is requested.
 */
import type { RoutesDescriptor } from "../../schemas/descriptor/mod.ts";
import { SCHEMA_VERSION } from "../../schemas/descriptor/mod.ts";
import { moduleDefinitions, parameterRoutes } from "../platform/catalogue/module-definitions.ts";
import { GUEST_PAGES, PORTAL_PAGES, PUBLIC_PAGES } from "./public-pages.ts";
import type { RecordType } from "../records/define.ts";
import { recordTypes } from "../records/catalogue.ts";
import { recordFormRoutes } from "./screens/record-screens.ts";

/** The screen id of a parameterised /app route: its path without the parameters. */
export function screenOfParameterRoute(path: string): string {
  return path.split("/").filter((part) => !part.startsWith(":")).join("/");
}

/** Legacy paths that do not follow the `/x` → `/app/x` rule. */
const SPECIAL_LEGACY: Record<string, string> = {
  "/budget-management": "/app/budget",
  "/enterprise-projects": "/app/projects",
  "/enterprise-projects/:id": "/app/projects/:id",
  "/enterprise-dashboard": "/app/executive-dashboard",
  "/enterprise-analytics": "/app/analytics-dashboard",
};

/** Builds the route table (record forms open at their types' form routes). */
export function buildRoutesDescriptor(
  types: readonly RecordType[] = recordTypes(),
): RoutesDescriptor {
  const publicPaths = new Set([...PUBLIC_PAGES, ...GUEST_PAGES].map((p) => p.path));
  const legacy = moduleDefinitions()
    .filter((m) =>
      !m.id.includes("/") && !publicPaths.has(`/${m.id}`) && !SPECIAL_LEGACY[`/${m.id}`]
    )
    .map((m) => ({ from: `/${m.id}`, to: `/app/${m.id}` }));
  return {
    schemaVersion: SCHEMA_VERSION,
    routes: [
      ...PUBLIC_PAGES.map((p) => ({ ...p, audience: "public" as const })),
      ...GUEST_PAGES.map((p) => ({ ...p, audience: "guest" as const })),
      ...PORTAL_PAGES.map((p) => ({ ...p, audience: "portal" as const })),
      ...moduleDefinitions().map((m) => ({
        path: `/app/${m.id}`,
        screen: m.id,
        audience: "staff" as const,
        title: m.name,
        ...(m.lazy ? { lazy: true } : {}),
      })),
      ...recordFormRoutes(types),
      ...parameterRoutes().map((r) => ({
        path: `/app/${r.path}`,
        screen: screenOfParameterRoute(r.path),
        audience: "staff" as const,
        title: r.title,
      })),
      { path: "/app/*", screen: "module", audience: "staff" as const, title: "Module" },
    ],
    redirects: [
      { from: "/app", to: "/app/dashboard" },
      ...Object.entries(SPECIAL_LEGACY).map(([from, to]) => ({ from, to })),
      ...legacy,
    ],
    signIn: "/login",
    portalSignIn: "/client-portal",
    portalHome: "/client-portal/dashboard",
    staffHome: "/app/dashboard",
    unknown: "/",
    errorReportPath: "/ui/errors",
  };
}

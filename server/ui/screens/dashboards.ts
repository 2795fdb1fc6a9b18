/**
 * The dashboards' screens: each catalogue dashboard (executive, operations,
 * sales, legal, HR, executive reporting) shows the dashboard chosen for it, and
 * `/app/dashboards/{id}` shows any dashboard the caller may read (Insights Manager
 * lists them). One `dashboard-grid` widget draws them; its calls and links are
 * named here.
 */
import { z } from "zod";
import type { NodeOf, ScreenDescriptor } from "../../../schemas/descriptor/mod.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import { DASHBOARD, DASHBOARD_SCREENS } from "../../areas/analytics/types/dashboard.ts";
import { head, type ScreenDef } from "./screen-def.ts";

/** Where pinning a report to one's own dashboard goes, for every widget that offers it. */
export const PIN_CALLS: NodeOf<"dashboard-grid">["pin"] = {
  path: "/api/dashboards/pin",
  mine: "/api/dashboards/mine",
  dashboardRoute: "/app/dashboards/{id}",
};

const EMPTY = {
  title: "No dashboard here yet",
  text:
    "Build reports in the Report Builder, pin them to a dashboard, and choose this screen under “Shown on” in Insights Manager.",
  link: { label: "Open Insights Manager", to: "/app/insights-manager" },
};

function gridNode(
  dashboardPath: string,
  dashboardId?: NodeOf<"dashboard-grid">["dashboardId"],
): NodeOf<"dashboard-grid"> {
  return {
    type: "dashboard-grid",
    dashboardPath,
    ...(dashboardId ? { dashboardId } : {}),
    runPath: "/api/records/report/{id}/run",
    typePath: "/api/records/{type}",
    reportRoute: "/app/report-builder/{id}",
    editRoute: `/app/${DASHBOARD.module}/{id}`,
    pin: PIN_CALLS,
    empty: EMPTY,
  };
}

function page(id: string, title: string, description: string, node: NodeOf<"dashboard-grid">) {
  const screen: ScreenDescriptor = {
    ...head(id, title, "dynamic"),
    body: { type: "page", title, description, children: [node] },
  };
  return screen;
}

export const DASHBOARD_VIEW_SCREENS: ScreenDef[] = [
  ...DASHBOARD_SCREENS.map(({ value, label }): ScreenDef => ({
    id: value,
    audience: "staff",
    module: value,
    build: () =>
      page(
        value,
        label,
        findModule(value)?.description ?? "",
        gridNode(`/api/dashboards/shown/${value}`),
      ),
  })),
  {
    id: "dashboards",
    audience: "staff",
    module: DASHBOARD.module,
    params: z.object({ id: z.string().min(1).max(64) }).strict(),
    build: () =>
      page(
        "dashboards",
        "Dashboard",
        "Reports pinned together, each computed with your own permissions.",
        gridNode("/api/dashboards/{id}", { $param: "id" }),
      ),
  },
];

/**
 * Every screen id of the route table and how it is built. Record types' list and
 * form screens are generated from their declarations; staff module screens without
 * a dedicated builder get the generic module screen; parameterised routes get their
 * owner module's guard and accept their params.
 */
import { z } from "zod";
import {
  findModule,
  MODULE_DEFINITIONS,
  PARAMETER_ROUTES,
} from "../../platform/catalogue/module-definitions.ts";
import { screenOfParameterRoute } from "../routes-descriptor.ts";
import { PUBLIC_CONTENT_SCREENS } from "./public-content.ts";
import { PUBLIC_FORM_SCREENS } from "./public-forms.ts";
import { PASSWORD_RESET_SCREENS } from "./password-reset.ts";
import { NOTIFICATION_AND_CALENDAR_SCREENS } from "./notifications-and-calendar.ts";
import { DASHBOARD_SCREEN } from "./dashboard.ts";
import { catchAll, moduleScreen, STAFF_MISC_SCREENS } from "./staff-misc.ts";
import { PORTAL_SCREENS } from "./portal.ts";
import { ADMIN_SCREENS } from "./admin-screens.ts";
import { PROJECT_ANALYTICS_SCREENS } from "./project-analytics.ts";
import { ANALYTICS_DASHBOARD_SCREENS } from "./analytics-dashboard.ts";
import { REPORT_WRAPPER_SCREENS } from "./report-wrappers.ts";
import { BUDGET_SCREENS } from "./budget-screens.ts";
import { FINANCE_REPORT_SCREENS } from "./finance-report-wrappers.ts";
import { FINANCE_DASHBOARD_SCREEN } from "./finance-dashboard.ts";
import { INVOICE_PRINT_SCREEN } from "./invoice-print.ts";
import type { ScreenDef } from "./screen-def.ts";
import { recordScreenDefs } from "./record-screens.ts";
import type { RecordType } from "../../records/define.ts";
import { RECORD_TYPES } from "../../records/catalogue.ts";

/** Screen id → definition, for the product with these record types. */
export function buildScreenRegistry(types: readonly RecordType[]): Map<string, ScreenDef> {
  const screens = new Map<string, ScreenDef>();
  for (
    const def of [
      ...PUBLIC_CONTENT_SCREENS,
      ...PUBLIC_FORM_SCREENS,
      ...PASSWORD_RESET_SCREENS,
      DASHBOARD_SCREEN,
      ...NOTIFICATION_AND_CALENDAR_SCREENS,
      ...STAFF_MISC_SCREENS,
      ...ADMIN_SCREENS,
      ...PROJECT_ANALYTICS_SCREENS,
      ...ANALYTICS_DASHBOARD_SCREENS,
      ...REPORT_WRAPPER_SCREENS,
      ...BUDGET_SCREENS,
      ...FINANCE_REPORT_SCREENS,
      FINANCE_DASHBOARD_SCREEN,
      INVOICE_PRINT_SCREEN,
      catchAll,
      ...PORTAL_SCREENS,
      ...recordScreenDefs(types),
    ]
  ) {
    screens.set(def.id, def);
  }
  for (const module of MODULE_DEFINITIONS) {
    if (screens.has(module.id)) continue;
    screens.set(module.id, {
      id: module.id,
      audience: "staff",
      module: module.id,
      build: (ctx) => moduleScreen(module, ctx),
    });
  }
  for (const route of PARAMETER_ROUTES) {
    const id = screenOfParameterRoute(route.path);
    const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
    const existing = screens.get(id);
    if (existing?.params) continue;
    if (existing) {
      // The module's own screen also answers with the parameter, which stays optional.
      screens.set(id, {
        ...existing,
        params: z.object(
          Object.fromEntries(names.map((n) => [n, z.string().min(1).max(100).optional()])),
        ).strict(),
      });
      continue;
    }
    const module = findModule(route.module)!;
    screens.set(id, {
      id,
      audience: "staff",
      module: module.id,
      params: z.object(Object.fromEntries(names.map((n) => [n, z.string().min(1).max(100)])))
        .strict(),
      build: (ctx) => ({ ...moduleScreen(module, ctx, id), title: route.title }),
    });
  }
  return screens;
}

/** Screen id → definition. */
export const SCREENS: ReadonlyMap<string, ScreenDef> = buildScreenRegistry(RECORD_TYPES);

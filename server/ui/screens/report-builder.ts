/**
 * The report builder (`/app/report-builder`, the Analytics entry "Report Builder")
 * and a saved report opened in it (`/app/report-builder/{id}`, the form route of
 * the `report` record type): one `report-builder` widget offered the record types
 * the caller may read, the charts and the ways of sharing from the report's
 * declaration.
 */
import { z } from "zod";
import type { NodeOf, ScreenDescriptor } from "../../../schemas/descriptor/mod.ts";
import type { Access } from "../../platform/access/access.ts";
import { recordTypes } from "../../records/catalogue.ts";
import { mayReadType } from "../../records/engine/record-access.ts";
import { REPORT } from "../../areas/analytics/types/report.ts";
import {
  REPORT_SUBSCRIPTION,
  SUBSCRIPTION_FREQUENCIES,
  SUBSCRIPTION_WEEKDAYS,
} from "../../areas/analytics/types/report-subscription.ts";
import { head, type ScreenDef } from "./screen-def.ts";
import { PIN_CALLS } from "./dashboards.ts";

function builderNode(
  access: Access | undefined,
  reportId?: NodeOf<"report-builder">["reportId"],
): NodeOf<"report-builder"> {
  const types = recordTypes()
    .filter((t) => t.id !== REPORT.id && access !== undefined && mayReadType(t, access))
    .map((t) => ({ id: t.id, label: t.declaration.plural }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return {
    type: "report-builder",
    types,
    ...(reportId ? { reportId } : {}),
    charts: [...REPORT.field.get("chart")!.options!],
    sharing: [...REPORT.field.get("sharing")!.options!],
    reportRoute: "/app/report-builder/{id}",
    reportsPath: `/api/records/${REPORT.id}`,
    pin: PIN_CALLS,
    subscriptions: {
      path: `/api/records/${REPORT_SUBSCRIPTION.id}`,
      frequencies: [...SUBSCRIPTION_FREQUENCIES],
      weekdays: [...SUBSCRIPTION_WEEKDAYS],
    },
  };
}

function builderScreen(
  id: string,
  title: string,
  node: NodeOf<"report-builder">,
): ScreenDescriptor {
  return {
    ...head(id, title, "dynamic"),
    body: {
      type: "page",
      title,
      description: "Pick records, group and sum them, chart them; save the report and share it.",
      children: [node],
    },
  };
}

export const REPORT_BUILDER_SCREENS: ScreenDef[] = [
  {
    id: "report-builder",
    audience: "staff",
    module: "report-builder",
    build: ({ access }) => builderScreen("report-builder", "Report Builder", builderNode(access)),
  },
  {
    id: "report-builder/form",
    audience: "staff",
    module: REPORT.module,
    params: z.object({ id: z.string().min(1).max(64) }).strict(),
    build: ({ access }) =>
      builderScreen("report-builder/form", "Report", builderNode(access, { $param: "id" })),
  },
];

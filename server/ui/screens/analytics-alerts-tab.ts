/**
 * The Real-time alerts tab of the analytics screen: the caller's own report
 * alerts (the engine's query over `report_alert`, which keeps each person to
 * their own) with the number each watches as last computed and whether it is
 * triggered, in the words of the type's options; a row opens the alert, and a
 * link makes a new one on the type's form. The source reads the alerts' records,
 * so it reloads as an alert is checked (the live records events).
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import type { Access } from "../../platform/access/access.ts";
import { mayReadType } from "../../records/engine/record-access.ts";
import {
  ALERT_CONDITIONS,
  ALERT_STATES,
  REPORT_ALERT,
} from "../../areas/analytics/types/report-alert.ts";

/** The tab's id: the catalogue entry it answers. */
export const ALERTS_TAB = "real-time-alerts";

const labels = (options: readonly { value: string; label: string }[]) =>
  Object.fromEntries(options.map((o) => [o.value, o.label]));

/** The source of the caller's alerts. */
export const ALERTS_SOURCE: Source = {
  method: "POST",
  path: `/api/records/${REPORT_ALERT.id}/query`,
  body: {
    columns: [
      "id",
      "title",
      "report",
      "condition",
      "threshold",
      "last_value",
      "last_state",
      "active",
      "last_triggered_at",
    ],
    // The caller's own, an administrator's too (who may open everyone's from the list).
    filters: [{ field: "created_by", op: "eq", value: "@me" }],
    sort: [{ field: "created_at", dir: "desc" }],
    limit: 500,
  },
  select: "rows",
  label: "Report alerts",
  errorText: "Failed to load your alerts",
};

/** The tab, or none for a caller who may not keep alerts. */
export function alertsTab(
  access: Access | undefined,
): { tab: { id: string; label: string; children: Node[] }; source: Source } | undefined {
  if (access === undefined || !mayReadType(REPORT_ALERT, access)) return undefined;
  const form = REPORT_ALERT.declaration.form_route!.replace(":id", "");
  return {
    source: ALERTS_SOURCE,
    tab: {
      id: ALERTS_TAB,
      label: "Real-time alerts",
      children: [
        {
          type: "stack",
          direction: "row",
          align: "between",
          children: [
            {
              type: "text",
              text:
                "You are told in the app (and by mail when you choose) when a report's number crosses your threshold.",
            },
            { type: "link", text: "New alert", to: `/app/${form}new` },
          ],
        },
        {
          type: "table",
          source: "alerts",
          caption: "My alerts",
          columns: [
            { key: "title", label: "Alert", sortable: true },
            { key: "report__title", label: "Report", sortable: true },
            { key: "condition", label: "Condition", labels: labels(ALERT_CONDITIONS) },
            { key: "threshold", label: "Threshold", format: "number", align: "end" },
            {
              key: "last_value",
              label: "Current value",
              format: "number",
              align: "end",
              fallback: "—",
            },
            {
              key: "last_state",
              label: "State",
              labels: labels(ALERT_STATES),
              fallback: "Not checked yet",
            },
            { key: "active", label: "Active", labels: { "true": "Yes", "false": "No" } },
          ],
          rowAction: { kind: "navigate", to: `/app/${form}{id}` },
          pageSize: 20,
          emptyText: "No alerts yet: add one to be told when a report's number crosses a threshold",
        },
      ],
    },
  };
}

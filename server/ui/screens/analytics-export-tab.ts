/**
 * The Data export tab of the analytics screen: any saved report the caller may open
 * and any list they may export, each a CSV download. A report downloads its whole
 * result (streamed, computed with the caller's own permissions, the report's
 * export); a list downloads every record of it the caller may read (the list's
 * export). Only what the caller may export is offered: the server refuses the rest
 * anyway, with its reason.
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import type { Access } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import { recordTypes } from "../../records/catalogue.ts";
import { mayReadType } from "../../records/engine/record-access.ts";
import { recordTypeOptions } from "../../records/record-type-options.ts";
import { REPORT } from "../../areas/analytics/types/report.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import { canSeeModule } from "../../platform/catalogue/visibility.ts";

/** The source of the caller's saved reports and those shared with them. */
export const EXPORT_REPORTS_SOURCE = "export_reports";

/** The tab, with the source it reads, or none for a caller who may export nothing. */
export function dataExportTab(
  access: Access | undefined,
):
  | { tab: { id: string; label: string; children: Node[] }; sources: Record<string, Source> }
  | undefined {
  if (access === undefined || access.user.is_client_portal_user) return undefined;
  // The tab is the Data Export entry's: offered to those the entry is granted to.
  if (!canSeeModule(access, findModule("data-export")!)) return undefined;
  const lists = recordTypes()
    .filter((t) => t.id !== REPORT.id && mayReadType(t, access))
    .filter((t) => authorize(access, t.module, "export"))
    .map((t) => ({ id: t.id, plural: t.declaration.plural }))
    .sort((a, b) => a.plural.localeCompare(b.plural, "en"));
  const readsReports = mayReadType(REPORT, access);
  // A report over records the caller may not read would only answer 403: it is not offered.
  const readable = recordTypes().filter((t) => mayReadType(t, access)).map((t) => t.id);
  if (lists.length === 0 && !readsReports) return undefined;
  const reports: Node[] = readsReports
    ? [{
      type: "section",
      title: "Saved reports",
      description:
        "Each downloads its whole result as CSV, computed with your permissions: yours and those shared with you.",
      children: [{
        type: "table",
        source: EXPORT_REPORTS_SOURCE,
        columns: [
          { key: "name", label: "Report", sortable: true },
          {
            key: "record_type",
            label: "Records",
            labels: Object.fromEntries(recordTypeOptions().map((o) => [o.value, o.label])),
            sortable: true,
          },
        ],
        pageSize: 20,
        emptyText: "No saved reports yet. Build one in the report builder.",
        rowActions: [{
          label: "Download CSV",
          action: {
            kind: "download",
            format: "file",
            source: `/api/records/${REPORT.id}/{id}/export`,
            filename: "{name}.csv",
          },
        }],
        phone: { first: ["name"] },
      }],
    }]
    : [];
  const listed: Node[] = lists.length > 0
    ? [{
      type: "section",
      title: "Lists",
      description: "Every record of the list you may read, as CSV, as the list's Export gives it.",
      children: [{
        type: "grid",
        columns: 3,
        children: lists.map((list): Node => ({
          type: "button",
          label: `${list.plural} (CSV)`,
          variant: "secondary",
          action: {
            kind: "download",
            format: "file",
            source: `/api/records/${list.id}/export`,
            filename: `${list.id}.csv`,
          },
        })),
      }],
    }]
    : [];
  return {
    tab: { id: "data-export", label: "Data export", children: [...reports, ...listed] },
    sources: readsReports
      ? {
        [EXPORT_REPORTS_SOURCE]: {
          method: "POST",
          path: `/api/records/${REPORT.id}/list`,
          body: {
            filters: [{ field: "record_type", op: "in", value: readable }],
            sort: [{ field: "name", dir: "asc" }],
            limit: 200,
          },
          select: "items",
          label: "Saved reports",
          errorText: "The saved reports could not be loaded",
        },
      }
      : {},
  };
}

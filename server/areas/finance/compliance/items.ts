/**
 * The compliance items call: the service's filters (states, category, owner,
 * overdue, due date range, text) become the record engine's list filters, so
 * the list keeps every rule the engine enforces (tenant, permissions, fields the
 * caller may read); each item says whether it is overdue and by how many days.
 */
import type { z } from "zod";
import type { ComplianceItem, ComplianceItemsRequest } from "../../../../schemas/api/compliance.ts";
import type { Filter } from "../../../../schemas/records/meta.ts";
import type { Access } from "../../../platform/access/access.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { OPEN_COMPLIANCE_STATUSES } from "../types/compliance-item.ts";

const FIELDS = [
  "title",
  "category",
  "authority",
  "due_date",
  "recurrence",
  "owner",
  "status",
  "completed_at",
];

function filtersOf(request: z.infer<typeof ComplianceItemsRequest>, today: string): Filter[] {
  const filters: Filter[] = [];
  if (request.status) filters.push({ field: "status", op: "in", value: request.status });
  if (request.category) filters.push({ field: "category", op: "eq", value: request.category });
  if (request.owner_id) {
    filters.push({
      field: "owner",
      op: "eq",
      value: request.owner_id === "me" ? "@me" : request.owner_id,
    });
  }
  if (request.overdue !== undefined) {
    if (request.overdue) {
      filters.push({ field: "status", op: "in", value: [...OPEN_COMPLIANCE_STATUSES] });
      filters.push({ field: "due_date", op: "lt", value: today });
    } else {
      filters.push({ field: "due_date", op: "gte", value: today });
    }
  }
  if (request.due_from) filters.push({ field: "due_date", op: "gte", value: request.due_from });
  if (request.due_to) filters.push({ field: "due_date", op: "lte", value: request.due_to });
  return filters;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** One page of the organisation's obligations matching the request. */
export async function complianceItems(
  records: RecordEngine,
  access: Access,
  request: z.infer<typeof ComplianceItemsRequest>,
  today: string,
): Promise<{ items: z.infer<typeof ComplianceItem>[]; next_cursor: string | null; total: number }> {
  const page = await records.list(access, "compliance_item", {
    filters: filtersOf(request, today),
    search: request.search,
    limit: request.limit,
    cursor: request.cursor,
    fields: FIELDS,
    sort: [{ field: "due_date", dir: "asc" }],
  });
  return {
    items: page.items.map((r) => {
      const due = typeof r.due_date === "string" ? r.due_date : null;
      const open = (OPEN_COMPLIANCE_STATUSES as readonly string[]).includes(String(r.status));
      const late = open && due !== null && due < today ? daysBetween(due, today) : 0;
      return {
        id: String(r.id),
        name: String(r.name),
        title: String(r.title ?? ""),
        category: String(r.category ?? ""),
        authority: String(r.authority ?? ""),
        due_date: due,
        recurrence: String(r.recurrence ?? ""),
        owner_id: typeof r.owner === "string" ? r.owner : null,
        owner_name: typeof r.owner__title === "string" ? r.owner__title : null,
        status: String(r.status ?? ""),
        completed_at: typeof r.completed_at === "string" ? r.completed_at : null,
        overdue: late > 0,
        days_overdue: late,
      };
    }),
    next_cursor: page.next_cursor,
    total: page.total.count,
  };
}

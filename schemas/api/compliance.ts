/**
 * The compliance service's payloads (spec 000 §7: summary, items with filters,
 * settings get and update; the paths are the product's own, under /api/compliance).
 */
import { z } from "zod";

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD");

/** The states of an obligation. */
export const COMPLIANCE_STATUSES = ["open", "in_progress", "done", "waived"] as const;

export const ComplianceSummaryRequest = z.object({}).strict();

export const ComplianceSummary = z.object({
  as_of: z.string(),
  due_soon_days: z.number().int(),
  total: z.number().int(),
  open: z.number().int().describe("open or in progress"),
  overdue: z.number().int().describe("open or in progress, due before today"),
  due_soon: z.number().int().describe("open or in progress, due today or within due_soon_days"),
  done: z.number().int(),
  waived: z.number().int(),
  by_status: z.record(z.string(), z.number().int()),
  by_category: z.array(
    z.object({
      category: z.string(),
      open: z.number().int(),
      overdue: z.number().int(),
      done: z.number().int(),
    }).strict(),
  ),
  notified: z.number().int().describe("notices raised to owners by this read"),
}).strict();

export const ComplianceItemsRequest = z.object({
  status: z.array(z.enum(COMPLIANCE_STATUSES)).min(1).max(4).optional(),
  category: z.string().max(64).optional(),
  owner_id: z.string().max(64).optional().describe("a user id, or `me`"),
  overdue: z.boolean().optional().describe(
    "true: only obligations still open past their due date; false: only those due today or later",
  ),
  due_from: IsoDate.optional(),
  due_to: IsoDate.optional(),
  search: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(500).default(50),
  cursor: z.string().max(2000).optional(),
}).strict();

export const ComplianceItem = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  category: z.string(),
  authority: z.string(),
  due_date: z.string().nullable(),
  recurrence: z.string(),
  owner_id: z.string().nullable(),
  owner_name: z.string().nullable(),
  status: z.string(),
  completed_at: z.string().nullable(),
  overdue: z.boolean(),
  days_overdue: z.number().int(),
}).strict();

export const ComplianceItemsResponse = z.object({
  items: z.array(ComplianceItem),
  next_cursor: z.string().nullable(),
  total: z.number().int(),
}).strict();

export const ComplianceSettings = z.object({
  due_soon_days: z.number().int().min(1).max(90).describe(
    "obligations due within this many days count as due soon",
  ),
  notify_owners: z.boolean().describe("owners are notified of their overdue obligations"),
  remind_days_before: z.number().int().min(0).max(90).describe(
    "owners are reminded this many days before the due date (0: no reminder)",
  ),
  updated_at: z.string().nullable(),
}).strict();

export const ComplianceSettingsUpdate = ComplianceSettings.omit({ updated_at: true }).partial()
  .strict();

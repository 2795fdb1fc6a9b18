/**
 * The report builder: pick the records, then what to show of them (columns, or
 * groups and their counts and sums), filters, a chart; the preview follows every
 * change through the engine's query call, and a report is saved, shared and
 * downloaded through the `report` record API. Everything it offers about a type
 * (fields, labels, options) it reads from the type's metadata, as the caller may
 * see it.
 */
import { z } from "zod";
import { SelectOption } from "../records/meta.ts";
import { JsonTemplate } from "./value.ts";
import { base } from "./widget-base.ts";
import { PinCalls } from "./dashboard-widgets.ts";

export const ReportBuilder = z.object({
  type: z.literal("report-builder"),
  ...base,
  /** The record types the caller may report on. */
  types: z.array(z.object({ id: z.string(), label: z.string() }).strict()),
  /** The saved report to open (a route parameter template), absent for a new report. */
  reportId: JsonTemplate.optional(),
  /** How a report may be drawn, and who it may be shared with. */
  charts: z.array(SelectOption),
  sharing: z.array(SelectOption),
  /** Where a saved report opens: `{id}` stands for its id. */
  reportRoute: z.string().regex(/^\/app\/.*\{id\}/),
  /** The report record calls (`{base}/{id}`, `{base}/{id}/run`…). */
  reportsPath: z.string().regex(/^\/api\//),
  /** Pinning a saved report to one of the caller's dashboards. */
  pin: PinCalls,
  /** "Email me this report": the subscriptions' record calls and their choices in words. */
  subscriptions: z.object({
    path: z.string().regex(/^\/api\//),
    frequencies: z.array(SelectOption),
    weekdays: z.array(SelectOption),
  }).strict(),
}).strict().meta({ id: "widget:report-builder" });

/**
 * A dashboard: a grid of cards, each a saved report drawn as its chart, a number
 * or a short list, computed with the reader's own permissions when the card comes
 * into view (a dashboard of 30 cards does not run 30 queries on first paint). A
 * card's report can be pinned to one of the reader's own dashboards. The calls and
 * the routes it links to come from the descriptor.
 */
import { z } from "zod";
import { JsonTemplate } from "./value.ts";
import { base } from "./widget-base.ts";
import { QueryRequest } from "../records/query.ts";

/** Where pinning a report to one's own dashboard goes. */
export const PinCalls = z.object({
  /** `POST {report, dashboard | name}`. */
  path: z.string().regex(/^\/api\//),
  /** `GET`: the caller's own dashboards. */
  mine: z.string().regex(/^\/api\//),
  /** Where a dashboard opens: `{id}` stands for its id. */
  dashboardRoute: z.string().regex(/^\/app\/.*\{id\}/),
}).strict();

export const DashboardGrid = z.object({
  type: z.literal("dashboard-grid"),
  ...base,
  /** The dashboard's call (`GET`); `{id}` stands for `dashboardId` when given. */
  dashboardPath: z.string().regex(/^\/api\//),
  /** The dashboard to show (a route parameter template), when the path names it. */
  dashboardId: JsonTemplate.optional(),
  /** A report's result (`POST`): `{id}` stands for the report's id. */
  runPath: z.string().regex(/^\/api\/.*\{id\}/),
  /** Where record types' metadata is read: `{type}` stands for the type's id. */
  typePath: z.string().regex(/^\/api\/.*\{type\}/),
  /** Where a card's report opens, and where its owner edits the dashboard. */
  reportRoute: z.string().regex(/^\/app\/.*\{id\}/),
  editRoute: z.string().regex(/^\/app\/.*\{id\}/),
  pin: PinCalls,
  /** What shows when there is no dashboard here yet. */
  empty: z.object({
    title: z.string(),
    text: z.string(),
    link: z.object({ label: z.string(), to: z.string().regex(/^\/app\//) }).strict().optional(),
  }).strict(),
}).strict().meta({ id: "widget:dashboard-grid" });

/**
 * A standard figure: a query of the engine declared by the screen (not a saved
 * report), drawn as a dashboard card is and run, with the caller's permissions,
 * when it nears the viewport.
 */
export const QueryCard = z.object({
  type: z.literal("query-card"),
  ...base,
  title: z.string(),
  /** The record type queried, and its query call's path (`POST`). */
  recordType: z.string(),
  queryPath: z.string().regex(/^\/api\/.*\/query$/),
  /** Where record types' metadata is read: `{type}` stands for the type's id. */
  typePath: z.string().regex(/^\/api\/.*\{type\}/),
  query: QueryRequest,
  chart: z.enum(["table", "bar", "line", "pie", "number"]),
}).strict().meta({ id: "widget:query-card" });

/**
 * The widget catalogue. The catalogue *is* the schema: a screen body is a tree of
 * nodes, each a discriminated union member on `type`. A widget's `type`, its client
 * file name and its registry key are the same word. Every node may carry an `id`
 * and a `fallback` text shown when the node cannot be rendered.
 */
import { z } from "zod";
import { Action } from "./action.ts";
import { Format, NumberValue, Text, Tone, ToneValue, ValueLabels } from "./value.ts";

import { base } from "./widget-base.ts";
import { Form, FormField } from "./form-widget.ts";
import {
  RecordBoard,
  RecordCalendar,
  RecordForm,
  RecordGroups,
  RecordList,
  RecordTimeline,
  RecordTimelineView,
} from "./record-widgets.ts";
import { ReportBuilder } from "./report-widgets.ts";
import { DashboardGrid, QueryCard } from "./dashboard-widgets.ts";
import {
  BarChart,
  GroupedBarChart,
  LineChart,
  RiskBar,
  ScenarioCard,
  StateGraph,
  TimelineChart,
  ToneDot,
  TrendArrow,
} from "./chart-widgets.ts";

/**
 * A child node as TypeScript sees it. The recursion is checked by zod at run time
 * (every descriptor is validated before it is sent); statically a child is any
 * object with a `type`, which keeps the inferred types finite.
 */
export interface NodeLike {
  type: string;
  [key: string]: unknown;
}

const children = (): z.ZodArray<z.ZodType<NodeLike>> =>
  z.array(z.lazy(() => Node) as z.ZodType<NodeLike>);

const Page = z.object({
  type: z.literal("page"),
  ...base,
  title: z.string().optional(),
  description: Text.optional(),
  get children() {
    return children();
  },
}).strict().meta({ id: "widget:page" });

const Section = z.object({
  type: z.literal("section"),
  ...base,
  title: Text.optional(),
  description: Text.optional(),
  get children() {
    return children();
  },
}).strict().meta({ id: "widget:section" });

const Grid = z.object({
  type: z.literal("grid"),
  ...base,
  columns: z.number().int().min(1).max(6),
  get children() {
    return children();
  },
}).strict().meta({ id: "widget:grid" });

const Stack = z.object({
  type: z.literal("stack"),
  ...base,
  direction: z.enum(["row", "column"]).default("column"),
  gap: z.enum(["none", "small", "medium", "large"]).optional(),
  align: z.enum(["start", "center", "end", "between"]).optional(),
  get children() {
    return children();
  },
}).strict().meta({ id: "widget:stack" });

const Tabs = z.object({
  type: z.literal("tabs"),
  ...base,
  stateKey: z.string().describe("screen state key holding the active tab id"),
  get tabs() {
    return z.array(
      z.object({ id: z.string(), label: z.string(), children: children() }).strict(),
    ).min(1);
  },
}).strict().meta({ id: "widget:tabs" });

const Card = z.object({
  type: z.literal("card"),
  ...base,
  title: Text.optional(),
  subtitle: Text.optional(),
  tone: ToneValue.optional(),
  get children() {
    return children();
  },
}).strict().meta({ id: "widget:card" });

const Dialog = z.object({
  type: z.literal("dialog"),
  ...base,
  id: z.string(),
  title: z.string(),
  get children() {
    return children();
  },
}).strict().meta({ id: "widget:dialog" });

const Heading = z.object({
  type: z.literal("heading"),
  ...base,
  text: Text,
  level: z.number().int().min(1).max(4).default(2),
}).strict().meta({ id: "widget:heading" });

const TextNode = z.object({
  type: z.literal("text"),
  ...base,
  text: Text,
  variant: z.enum(["body", "muted", "small", "strong"]).optional(),
}).strict().meta({ id: "widget:text" });

const Span = z.object({
  text: z.string(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  code: z.boolean().optional(),
  href: z.string().optional(),
}).strict();

const RichBlock = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("paragraph"), spans: z.array(Span) }).strict(),
  z.object({ kind: z.literal("heading"), text: z.string(), level: z.number().int().min(2).max(4) })
    .strict(),
  z.object({
    kind: z.literal("list"),
    ordered: z.boolean().optional(),
    items: z.array(z.array(Span)),
  })
    .strict(),
  z.object({ kind: z.literal("code"), text: z.string() }).strict(),
  z.object({ kind: z.literal("quote"), spans: z.array(Span) }).strict(),
]);

const RichText = z.object({
  type: z.literal("rich-text"),
  ...base,
  blocks: z.array(RichBlock),
}).strict().meta({ id: "widget:rich-text" });

const Link = z.object({
  type: z.literal("link"),
  ...base,
  text: Text,
  to: z.string().min(1),
  external: z.boolean().optional(),
}).strict().meta({ id: "widget:link" });

const Badge = z.object({
  type: z.literal("badge"),
  ...base,
  text: Text,
  tone: ToneValue.optional(),
}).strict().meta({ id: "widget:badge" });

const Alert = z.object({
  type: z.literal("alert"),
  ...base,
  tone: Tone,
  title: Text.optional(),
  text: Text,
}).strict().meta({ id: "widget:alert" });

const Stat = z.object({
  type: z.literal("stat"),
  ...base,
  label: z.string(),
  value: Text,
  hint: Text.optional(),
  tone: ToneValue.optional(),
  to: z.string().optional().describe("where the stat links to"),
}).strict().meta({ id: "widget:stat" });

const ProgressBar = z.object({
  type: z.literal("progress-bar"),
  ...base,
  label: Text.optional(),
  value: NumberValue,
  max: z.number().positive().default(100),
  cap: z.number().optional().describe("values above cap are drawn at cap"),
  tone: ToneValue.optional(),
}).strict().meta({ id: "widget:progress-bar" });

const KeyValue = z.object({
  type: z.literal("key-value"),
  ...base,
  items: z.array(z.object({ label: z.string(), value: Text, tone: ToneValue.optional() }).strict()),
}).strict().meta({ id: "widget:key-value" });

const PrintedDocumentNode = z.object({
  type: z.literal("printed-document"),
  ...base,
  source: z.string().describe(
    "source whose value (at path) is a printed document (schemas/api/printed-document.ts)",
  ),
  path: z.string().optional(),
}).strict().meta({ id: "widget:printed-document" });

const HtmlFrame = z.object({
  type: z.literal("html-frame"),
  ...base,
  source: z.string().describe("source whose value (at path) is an HTML document or fragment"),
  path: z.string().optional(),
  title: z.string().describe("what the frame shows, its accessible name"),
  height: z.number().int().min(80).max(2000).optional().describe("in pixels; 360 unless given"),
  emptyText: z.string().optional().describe("shown when the value is empty"),
}).strict().meta({
  id: "widget:html-frame",
  description:
    "HTML shown inert: in a sandboxed frame (no scripts, forms, navigation or same origin) that loads nothing from the network",
});

const ListNode = z.object({
  type: z.literal("list"),
  ...base,
  source: z.string().optional(),
  path: z.string().optional().describe("dot path of the array inside the source's value"),
  items: z.array(z.record(z.string(), z.unknown())).optional().describe("literal items"),
  title: Text,
  subtitle: Text.optional(),
  subtitleLinks: z.boolean().optional().describe(
    "web addresses in the subtitle are links (a mail's text); not with `action`, as a link cannot sit inside a button",
  ),
  meta: Text.optional(),
  badge: z.object({ text: Text, tone: ToneValue.optional() }).strict().optional(),
  action: Action.optional(),
  to: z.string().optional().describe(
    "the app path each item links to ({name} and {+name} placeholders read the item); an item whose path fills empty is no link",
  ),
  limit: z.number().int().positive().optional(),
  skip: z.number().int().nonnegative().optional().describe(
    "items left out at the start (e.g. the first 3)",
  ),
  emptyText: z.string(),
}).strict().meta({ id: "widget:list" });

const Column = z.object({
  key: z.string().describe("dot path of the value in the row"),
  label: z.string(),
  format: Format.optional(),
  labels: ValueLabels.optional().describe("the value is enumerated: shown by its label"),
  fallback: z.string().optional(),
  tone: ToneValue.optional().describe("rendered as a badge when set"),
  sortable: z.boolean().optional(),
  align: z.enum(["start", "end"]).optional(),
  floor: z.number().optional().describe(
    "a numeric value is shown as at least this (e.g. a total of at least 1)",
  ),
  text: Text.optional().describe("shown instead of the value (may be a text rule over the row)"),
}).strict();

const Table = z.object({
  type: z.literal("table"),
  ...base,
  source: z.string(),
  path: z.string().optional(),
  caption: z.string().optional(),
  columns: z.array(Column).min(1),
  pageSize: z.number().int().positive().max(500).default(20),
  emptyText: z.string(),
  defaultSort: z.object({ key: z.string(), direction: z.enum(["asc", "desc"]) }).strict()
    .optional(),
  rowAction: Action.optional(),
  rowActions: z.array(
    z.object({
      label: z.string(),
      action: Action,
      when: z.object({
        field: z.string(),
        equals: z.union([z.string(), z.number(), z.boolean(), z.null()]),
      })
        .strict().optional().describe("show the action only on rows whose field equals the value"),
    }).strict(),
  ).optional(),
  searchable: z.boolean().optional().describe("a search box filters the rows (all text columns)"),
  searchPlaceholder: z.string().optional(),
  groupBy: z.string().optional().describe("rows are grouped under headings by this field"),
  groupLabels: ValueLabels.optional().describe("the group field is enumerated: headings by label"),
  phone: z.object({
    first: z.array(z.string()).min(1).describe(
      "keys of the columns each card shows first, in this order, with the row actions right after them; the other columns follow",
    ),
  }).strict().optional().describe(
    "narrower than 600 px (a phone) the rows stack as cards, each value under its column's name",
  ),
}).strict().meta({ id: "widget:table" });

const CheckMatrix = z.object({
  type: z.literal("check-matrix"),
  ...base,
  source: z.string(),
  path: z.string().optional().describe("dot path of the rows inside the source's value"),
  rowHeader: z.string().describe("heading of the column of row labels"),
  rowLabel: z.string().describe("row field shown as the row's label"),
  groupBy: z.string().optional().describe("rows are grouped under headings by this field"),
  columns: z.array(z.object({ key: z.string(), label: z.string() }).strict()).min(1).describe(
    "each column shows the row's field `key`: one cell, a list of cells (each with its text), or none",
  ),
  checked: z.string().describe("cell field that is true when the cell's box is ticked"),
  cellLabel: z.string().describe("cell field naming the box (its accessible name)"),
  cellText: z.string().optional().describe("cell field shown beside the box of a cell in a list"),
  check: Action.describe("run for the cell (as the item) when its box is ticked"),
  uncheck: Action.describe("run for the cell (as the item) when its box is cleared"),
  emptyText: z.string(),
}).strict().meta({ id: "widget:check-matrix" });

const SelectableList = z.object({
  type: z.literal("selectable-list"),
  ...base,
  source: z.string(),
  path: z.string().optional(),
  title: Text,
  meta: z.array(Text).optional(),
  onSelect: Action,
  selectedState: z.string().optional().describe("state key compared with the item's id"),
  maxHeight: z.string().optional().describe("CSS length, e.g. 16rem"),
  emptyText: z.string(),
  emptyTitle: z.string().optional(),
}).strict().meta({ id: "widget:selectable-list" });

const Skeleton = z.object({
  type: z.literal("skeleton"),
  ...base,
  title: z.string().optional(),
  text: z.string().optional(),
  lines: z.number().int().min(1).max(20).default(3),
}).strict().meta({ id: "widget:skeleton" });

const EmptyState = z.object({
  type: z.literal("empty-state"),
  ...base,
  title: z.string(),
  text: z.string().optional(),
  action: z.object({ label: z.string(), action: Action }).strict().optional(),
}).strict().meta({ id: "widget:empty-state" });

const ErrorPanel = z.object({
  type: z.literal("error-panel"),
  ...base,
  title: z.string(),
  text: Text,
  retryLabel: z.string().optional().describe("shows a Retry button that reloads the sources"),
}).strict().meta({ id: "widget:error-panel" });

const Button = z.object({
  type: z.literal("button"),
  ...base,
  label: z.string(),
  action: Action,
  variant: z.enum(["primary", "secondary", "danger", "ghost"]).optional(),
}).strict().meta({ id: "widget:button" });

export const WIDGET_SCHEMAS = [
  Page,
  Section,
  Grid,
  Stack,
  Tabs,
  Card,
  Dialog,
  Heading,
  TextNode,
  RichText,
  Link,
  Badge,
  Alert,
  Stat,
  ProgressBar,
  KeyValue,
  PrintedDocumentNode,
  HtmlFrame,
  ListNode,
  Table,
  CheckMatrix,
  SelectableList,
  Form,
  Skeleton,
  EmptyState,
  ErrorPanel,
  Button,
  BarChart,
  GroupedBarChart,
  LineChart,
  TimelineChart,
  TrendArrow,
  RiskBar,
  StateGraph,
  ToneDot,
  ScenarioCard,
  RecordList,
  RecordForm,
  RecordTimeline,
  RecordBoard,
  RecordGroups,
  RecordCalendar,
  RecordTimelineView,
  ReportBuilder,
  DashboardGrid,
  QueryCard,
] as const;

/** A node of a screen body. */
export const Node = z.discriminatedUnion("type", WIDGET_SCHEMAS).meta({ id: "node" });
export type Node = z.input<typeof Node>;
export type NodeOf<T extends Node["type"]> = Extract<Node, { type: T }>;

/** The type strings of the catalogue, in order. */
export const WIDGET_TYPES: readonly string[] = WIDGET_SCHEMAS.map((s) => s.shape.type.value);

/** The fields of a form, exported for the server's own validation messages. */
export { FormField };

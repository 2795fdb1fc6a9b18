/**
 * The catalogue's charts and figure widgets: bars, grouped bars, lines, a
 * timeline, a trend arrow, a risk bar, a tone dot and a scenario card.
 */
import { z } from "zod";
import {
  Binding,
  FieldRef,
  Format,
  NumberValue,
  Text,
  Tone,
  ToneValue,
  ValueLabels,
} from "./value.ts";
import { base } from "./widget-base.ts";

const ChartSeries = z.object({
  key: z.string().describe("field of each point"),
  label: z.string(),
  tone: Tone.optional(),
  dashed: z.boolean().optional(),
}).strict();

export const BarChart = z.object({
  type: z.literal("bar-chart"),
  ...base,
  source: z.string(),
  path: z.string().optional().describe("dot path of the array of points"),
  x: z.string().describe("field of the category (e.g. day); `key` when record is set"),
  y: z.string().describe("field of the bar height; `value` when record is set"),
  record: z.boolean().optional().describe(
    "the value at path is an object: each key becomes a bar {key, value}",
  ),
  xFormat: Format.optional(),
  xLabels: ValueLabels.optional().describe("the categories are enumerated: shown by their labels"),
  xLabel: z.string().optional().describe("prefix of axis labels, e.g. 'Day'"),
  labelEvery: z.number().int().positive().optional().describe("label every n-th bar (e.g. 5)"),
  title: z.string().optional(),
  height: z.number().int().min(80).max(600).optional(),
  tone: Tone.optional(),
  emptyText: z.string(),
  emptyTitle: z.string().optional(),
}).strict().meta({ id: "widget:bar-chart" });

export const GroupedBarChart = z.object({
  type: z.literal("grouped-bar-chart"),
  ...base,
  source: z.string(),
  path: z.string().optional().describe("dot path of the array of points"),
  x: z.string().describe("field of the category (e.g. week)"),
  series: z.array(ChartSeries).min(1).max(6).describe("one bar per series in each category"),
  groupBy: z.string().optional().describe("one small chart per value of this field (e.g. person)"),
  xLabel: z.string().optional(),
  title: z.string().optional(),
  height: z.number().int().min(80).max(600).optional(),
  emptyText: z.string(),
}).strict().meta({ id: "widget:grouped-bar-chart" });

export const LineChart = z.object({
  type: z.literal("line-chart"),
  ...base,
  source: z.string(),
  path: z.string().optional(),
  x: z.string(),
  series: z.array(ChartSeries).min(1),
  xLabel: z.string().optional(),
  labelEvery: z.number().int().positive().optional(),
  xFormat: Format.optional(),
  title: z.string().optional(),
  height: z.number().int().min(80).max(600).optional(),
  emptyText: z.string(),
}).strict().meta({ id: "widget:line-chart" });

const TimelineBar = z.object({
  start: z.string().describe("field of the bar's first day (ISO date)"),
  end: z.string().describe("field of the bar's last day, inclusive (ISO date)"),
  label: z.string().describe("the bar's name in the legend and in each bar's title"),
  tone: Tone.optional(),
  emphasis: z.object({
    field: z.string().describe("a row whose field is true draws this bar in `tone`"),
    tone: Tone,
    label: z.string().describe("the legend's name for the emphasised bar"),
  }).strict().optional(),
}).strict();

export const TimelineChart = z.object({
  type: z.literal("timeline-chart"),
  ...base,
  source: z.string(),
  path: z.string().optional().describe("dot path of the array of rows"),
  label: z.string().describe("field naming each row"),
  bars: z.array(TimelineBar).min(1).max(3).describe("one bar per entry in each row, stacked"),
  sortBy: z.string().optional().describe("rows in ascending order of this field"),
  maxRows: z.number().int().min(1).max(500).default(100)
    .describe("rows drawn; the rest are counted in a note"),
  markToday: z.boolean().optional().describe("a vertical line at today's date"),
  title: z.string().optional(),
  emptyText: z.string(),
}).strict().meta({ id: "widget:timeline-chart" });

export const TrendArrow = z.object({
  type: z.literal("trend-arrow"),
  ...base,
  value: Text.describe("improving/up, stable, declining/down"),
  label: z.string().optional(),
}).strict().meta({ id: "widget:trend-arrow" });

export const RiskBar = z.object({
  type: z.literal("risk-bar"),
  ...base,
  label: Text.optional(),
  value: NumberValue,
  cap: z.number().default(100).describe("values above cap are drawn and shown at cap"),
  tone: ToneValue.optional(),
}).strict().meta({ id: "widget:risk-bar" });

export const StateGraph = z.object({
  type: z.literal("state-graph"),
  ...base,
  source: z.string().describe(
    "source whose value (at path) is a workflow graph (schemas/api/workflow-graph.ts)",
  ),
  path: z.string().optional(),
  title: z.string().describe("what the graph shows, its accessible name"),
  emptyText: z.string(),
}).strict().meta({ id: "widget:state-graph" });

export const ToneDot = z.object({
  type: z.literal("tone-dot"),
  ...base,
  tone: ToneValue,
  label: Text.optional(),
}).strict().meta({ id: "widget:tone-dot" });

export const ScenarioCard = z.object({
  type: z.literal("scenario-card"),
  ...base,
  title: z.string(),
  date: Text,
  probability: z.union([Binding, FieldRef]).describe("a fraction 0–1"),
  factor: z.number().positive().describe("confidence = probability × factor"),
  cap: z.number().positive().default(1).describe("confidence is capped here (1 = 100%)"),
  tone: Tone.optional(),
  description: z.string().optional(),
}).strict().meta({ id: "widget:scenario-card" });

/** Every widget of the catalogue. */

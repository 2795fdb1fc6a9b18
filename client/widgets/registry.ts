/**
 * The single map from widget `type` to component. Its keys are exactly the widget
 * catalogue of `schemas/descriptor/widgets.ts`: its type, WidgetRegistry, requires
 * a component for each, taking that widget's node. Every widget's code is its own
 * chunk, named after its type (`./<type>.tsx`) — the layout and data widgets of
 * most screens share one — loaded when a screen uses it: the screen's query starts
 * them as it resolves, and the server names a route's widget chunks in the page it
 * sends (modulepreload), so the first screen downloads them alongside the entry.
 */
import type { WidgetRegistry } from "../renderer/screen-runtime.tsx";
import type { Node } from "../../schemas/descriptor/mod.ts";
import { widgetTypesOf } from "../../schemas/descriptor/screen-tree.ts";
import { isLoadable, loadable } from "./loadable.ts";

/** Every widget of the catalogue, by type. */
export const WIDGET_REGISTRY: WidgetRegistry = {
  "page": loadable("Page", () => import("./page.tsx").then((m) => m.Page)),
  "section": loadable("Section", () => import("./section.tsx").then((m) => m.Section)),
  "grid": loadable("Grid", () => import("./grid.tsx").then((m) => m.Grid)),
  "stack": loadable("Stack", () => import("./stack.tsx").then((m) => m.Stack)),
  "tabs": loadable("Tabs", () => import("./tabs.tsx").then((m) => m.Tabs)),
  "card": loadable("Card", () => import("./card.tsx").then((m) => m.Card)),
  "dialog": loadable("Dialog", () => import("./dialog.tsx").then((m) => m.Dialog)),
  "heading": loadable("Heading", () => import("./heading.tsx").then((m) => m.Heading)),
  "text": loadable("Text", () => import("./text.tsx").then((m) => m.Text)),
  "rich-text": loadable("RichText", () => import("./rich-text.tsx").then((m) => m.RichText)),
  "link": loadable("Link", () => import("./link.tsx").then((m) => m.Link)),
  "badge": loadable("Badge", () => import("./badge.tsx").then((m) => m.Badge)),
  "alert": loadable("Alert", () => import("./alert.tsx").then((m) => m.Alert)),
  "stat": loadable("Stat", () => import("./stat.tsx").then((m) => m.Stat)),
  "progress-bar": loadable(
    "ProgressBar",
    () => import("./progress-bar.tsx").then((m) => m.ProgressBar),
  ),
  "key-value": loadable("KeyValue", () => import("./key-value.tsx").then((m) => m.KeyValue)),
  "printed-document": loadable(
    "PrintedDocument",
    () => import("./printed-document.tsx").then((m) => m.PrintedDocument),
  ),
  "html-frame": loadable("HtmlFrame", () => import("./html-frame.tsx").then((m) => m.HtmlFrame)),
  "list": loadable("List", () => import("./list.tsx").then((m) => m.List)),
  "table": loadable("Table", () => import("./table.tsx").then((m) => m.Table)),
  "check-matrix": loadable(
    "CheckMatrix",
    () => import("./check-matrix.tsx").then((m) => m.CheckMatrix),
  ),
  "selectable-list": loadable(
    "SelectableList",
    () => import("./selectable-list.tsx").then((m) => m.SelectableList),
  ),
  "form": loadable("Form", () => import("./form.tsx").then((m) => m.Form)),
  "skeleton": loadable("Skeleton", () => import("./skeleton.tsx").then((m) => m.Skeleton)),
  "empty-state": loadable(
    "EmptyState",
    () => import("./empty-state.tsx").then((m) => m.EmptyState),
  ),
  "error-panel": loadable(
    "ErrorPanel",
    () => import("./error-panel.tsx").then((m) => m.ErrorPanel),
  ),
  "button": loadable("Button", () => import("./button.tsx").then((m) => m.Button)),
  "bar-chart": loadable("BarChart", () => import("./bar-chart.tsx").then((m) => m.BarChart)),
  "line-chart": loadable("LineChart", () => import("./line-chart.tsx").then((m) => m.LineChart)),
  "grouped-bar-chart": loadable(
    "GroupedBarChart",
    () => import("./grouped-bar-chart.tsx").then((m) => m.GroupedBarChart),
  ),
  "timeline-chart": loadable(
    "TimelineChart",
    () => import("./timeline-chart.tsx").then((m) => m.TimelineChart),
  ),
  "trend-arrow": loadable(
    "TrendArrow",
    () => import("./trend-arrow.tsx").then((m) => m.TrendArrow),
  ),
  "risk-bar": loadable("RiskBar", () => import("./risk-bar.tsx").then((m) => m.RiskBar)),
  "state-graph": loadable(
    "StateGraph",
    () => import("./state-graph.tsx").then((m) => m.StateGraph),
  ),
  "tone-dot": loadable("ToneDot", () => import("./tone-dot.tsx").then((m) => m.ToneDot)),
  "scenario-card": loadable(
    "ScenarioCard",
    () => import("./scenario-card.tsx").then((m) => m.ScenarioCard),
  ),
  "record-list": loadable(
    "RecordList",
    () => import("./record-list.tsx").then((m) => m.RecordList),
  ),
  "record-form": loadable(
    "RecordForm",
    () => import("./record-form.tsx").then((m) => m.RecordForm),
  ),
  "report-builder": loadable(
    "ReportBuilder",
    () => import("./report-builder/report-builder.tsx").then((m) => m.ReportBuilder),
  ),
  "record-timeline": loadable(
    "RecordTimeline",
    () => import("./record-timeline.tsx").then((m) => m.RecordTimeline),
  ),
  "record-board": loadable(
    "RecordBoard",
    () => import("./record-board.tsx").then((m) => m.RecordBoard),
  ),
  "dashboard-grid": loadable(
    "DashboardGrid",
    () => import("./dashboard/dashboard-grid.tsx").then((m) => m.DashboardGrid),
  ),
  "query-card": loadable(
    "QueryCard",
    () => import("./dashboard/query-card.tsx").then((m) => m.QueryCard),
  ),
  "record-groups": loadable(
    "RecordGroups",
    () => import("./record-groups.tsx").then((m) => m.RecordGroups),
  ),
  "record-calendar": loadable(
    "RecordCalendar",
    () => import("./record-calendar.tsx").then((m) => m.RecordCalendar),
  ),
  "record-timeline-view": loadable(
    "RecordTimelineView",
    () => import("./record-timeline-view.tsx").then((m) => m.RecordTimelineView),
  ),
};

/** Loads the code of every widget a screen body uses; a type the registry lacks is skipped. */
export async function loadWidgetsOf(
  body: Node | unknown,
  registry: WidgetRegistry = WIDGET_REGISTRY,
): Promise<void> {
  const entries = registry as Partial<Record<string, unknown>>;
  await Promise.all(
    [...widgetTypesOf(body)].map((type) => {
      const widget = entries[type];
      return isLoadable(widget) ? widget.load() : undefined;
    }),
  );
}

/**
 * The single map from widget `type` to component. Its keys are exactly the widget
 * catalogue of `schemas/descriptor/widgets.ts`: its type, WidgetRegistry, requires
 * a component for each, taking that widget's node. The layout and data widgets of
 * the busiest screens are in the main bundle; every other widget is loaded on
 * first use.
 */
import { lazy } from "react";
import type { WidgetRegistry } from "../renderer/screen-runtime.tsx";
import { Section } from "./section.tsx";
import { Heading } from "./heading.tsx";
import { Text } from "./text.tsx";
import { Badge } from "./badge.tsx";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";
import { Card } from "./card.tsx";
import { Grid } from "./grid.tsx";
import { Link } from "./link.tsx";
import { List } from "./list.tsx";
import { Page } from "./page.tsx";
import { Stack } from "./stack.tsx";
import { Stat } from "./stat.tsx";
import { Table } from "./table.tsx";

/** Every widget of the catalogue, by type. */
export const WIDGET_REGISTRY: WidgetRegistry = {
  "page": Page,
  "section": Section,
  "grid": Grid,
  "stack": Stack,
  "tabs": lazy(() => import("./tabs.tsx").then((m) => ({ default: m.Tabs }))),
  "card": Card,
  "dialog": lazy(() => import("./dialog.tsx").then((m) => ({ default: m.Dialog }))),
  "heading": Heading,
  "text": Text,
  "rich-text": lazy(() => import("./rich-text.tsx").then((m) => ({ default: m.RichText }))),
  "link": Link,
  "badge": Badge,
  "alert": Alert,
  "stat": Stat,
  "progress-bar": lazy(() =>
    import("./progress-bar.tsx").then((m) => ({ default: m.ProgressBar }))
  ),
  "key-value": lazy(() => import("./key-value.tsx").then((m) => ({ default: m.KeyValue }))),
  "printed-document": lazy(() =>
    import("./printed-document.tsx").then((m) => ({ default: m.PrintedDocument }))
  ),
  "list": List,
  "table": Table,
  "check-matrix": lazy(() =>
    import("./check-matrix.tsx").then((m) => ({ default: m.CheckMatrix }))
  ),
  "selectable-list": lazy(() =>
    import("./selectable-list.tsx").then((m) => ({ default: m.SelectableList }))
  ),
  "form": lazy(() => import("./form.tsx").then((m) => ({ default: m.Form }))),
  "skeleton": lazy(() => import("./skeleton.tsx").then((m) => ({ default: m.Skeleton }))),
  "empty-state": lazy(() => import("./empty-state.tsx").then((m) => ({ default: m.EmptyState }))),
  "error-panel": lazy(() => import("./error-panel.tsx").then((m) => ({ default: m.ErrorPanel }))),
  "button": Button,
  "bar-chart": lazy(() => import("./bar-chart.tsx").then((m) => ({ default: m.BarChart }))),
  "line-chart": lazy(() => import("./line-chart.tsx").then((m) => ({ default: m.LineChart }))),
  "grouped-bar-chart": lazy(() =>
    import("./grouped-bar-chart.tsx").then((m) => ({ default: m.GroupedBarChart }))
  ),
  "timeline-chart": lazy(() =>
    import("./timeline-chart.tsx").then((m) => ({ default: m.TimelineChart }))
  ),
  "trend-arrow": lazy(() => import("./trend-arrow.tsx").then((m) => ({ default: m.TrendArrow }))),
  "risk-bar": lazy(() => import("./risk-bar.tsx").then((m) => ({ default: m.RiskBar }))),
  "tone-dot": lazy(() => import("./tone-dot.tsx").then((m) => ({ default: m.ToneDot }))),
  "scenario-card": lazy(() =>
    import("./scenario-card.tsx").then((m) => ({ default: m.ScenarioCard }))
  ),
  "record-list": lazy(() => import("./record-list.tsx").then((m) => ({ default: m.RecordList }))),
  "record-form": lazy(() => import("./record-form.tsx").then((m) => ({ default: m.RecordForm }))),
  "record-timeline": lazy(() =>
    import("./record-timeline.tsx").then((m) => ({ default: m.RecordTimeline }))
  ),
};

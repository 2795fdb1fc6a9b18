/**
 * Type-level checks of the widget registry, run by the type check (`deno check
 * tests`): a registry missing a widget type of the catalogue, or with a component
 * for another widget's node, does not compile. Should either ever compile, the
 * `@ts-expect-error` lines become errors themselves.
 */
import type { ComponentType } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import type { WidgetProps, WidgetRegistry } from "../../client/renderer/screen-runtime.tsx";
import { WIDGET_REGISTRY } from "../../client/widgets/registry.ts";

const { table: _table, ...withoutTable } = WIDGET_REGISTRY;
// @ts-expect-error: the table widget has no component
export const missingOne: WidgetRegistry = withoutTable;

declare const chartOnly: ComponentType<WidgetProps<NodeOf<"bar-chart">>>;
// @ts-expect-error: a chart's component cannot draw a table's node
export const wrongNode: WidgetRegistry = { ...WIDGET_REGISTRY, table: chartOnly };

export const complete: WidgetRegistry = WIDGET_REGISTRY;

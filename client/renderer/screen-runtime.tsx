/**
 * What widgets of a rendered screen share: route params, screen state, the state of
 * every data source, open dialogs, invalid nodes and the widget registry. The
 * current row of a table or list is a separate, nested context.
 */
import { type ComponentType, createContext, useContext } from "react";
import type { Node, NodeOf, Source } from "../../schemas/descriptor/mod.ts";

/** A JSON value. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The state of one data source as widgets see it. */
export interface SourceView {
  name: string;
  source: Source;
  /** `idle`: waiting for the state keys of `enabledWhen`. */
  status: "idle" | "loading" | "error" | "empty" | "ready";
  value: unknown;
  errorText?: string;
  /** The failure as the source's `errorFormat` words it, shown under `errorText`. */
  errorDetail?: string;
  retry(): void;
}

/** Props every widget component receives. */
export interface WidgetProps<T extends Node = Node> {
  node: T;
  /** JSON pointer of the node in the screen descriptor, e.g. `/body/children/2`. */
  path: string;
}

/**
 * The map from widget type to component: one for every type of the catalogue, each
 * taking its own node (a type without a component does not type-check).
 */
export type WidgetRegistry = {
  readonly [T in Node["type"]]: ComponentType<WidgetProps<NodeOf<T>>>;
};

/**
 * The component of a node's type, or undefined for a type the catalogue lacks (a
 * descriptor from a newer server). A node and its type's component always agree,
 * which the compiler cannot follow through a union; this is the one place that says so.
 */
export function widgetFor(
  registry: WidgetRegistry,
  node: Node,
): ComponentType<WidgetProps<Node>> | undefined {
  return (registry as Partial<Record<string, ComponentType<WidgetProps<Node>>>>)[node.type];
}

/** Everything a widget of the current screen can read or change. */
export interface ScreenRuntime {
  screenId: string;
  params: Readonly<Record<string, string>>;
  /** The query parameters of the page's URL, for `{$query}` references. */
  query: Readonly<Record<string, string>>;
  state: Readonly<Record<string, Json>>;
  setState(values: Record<string, Json>, clear?: readonly string[]): void;
  sources: Readonly<Record<string, SourceView>>;
  /** Reloads the named sources, or all of them. */
  refresh(names?: readonly string[]): void;
  isDialogOpen(id: string): boolean;
  openDialog(id: string): void;
  closeDialog(id: string): void;
  invalidNodes: ReadonlyMap<string, string>;
  registry: WidgetRegistry;
}

/** The runtime of the screen being rendered. */
export const ScreenRuntimeContext = createContext<ScreenRuntime | null>(null);

/** The runtime of the enclosing screen; throws outside a screen. */
export function useScreenRuntime(): ScreenRuntime {
  const runtime = useContext(ScreenRuntimeContext);
  if (runtime === null) throw new Error("Cannot render a widget outside a screen");
  return runtime;
}

/** The row or item a table or list is rendering, for `{$field}` references. */
export const ItemContext = createContext<unknown>(undefined);

/** The current row or item, if any. */
export function useItem(): unknown {
  return useContext(ItemContext);
}

/**
 * What widgets of a rendered screen share: route params, screen state, the state of
 * every data source, open dialogs, invalid nodes and the widget registry. The
 * current row of a table or list is a separate, nested context.
 */
import { type ComponentType, createContext, useContext } from "react";
import type { Node, Source } from "../../schemas/descriptor/mod.ts";

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

/** The map from widget type to component. */
// deno-lint-ignore no-explicit-any
export type WidgetRegistry = Readonly<Record<string, ComponentType<WidgetProps<any>>>>;

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

/**
 * The widget registry, loaded on first use: its map of loaders is not part of the
 * entry (the page preloads it on every screen address). A screen's query loads
 * the registry before it resolves (and starts the screen's widgets), so rendering
 * a loaded screen finds the registry in place.
 */
import { use } from "react";
import type { WidgetRegistry } from "../renderer/screen-runtime.tsx";

let registry: WidgetRegistry | undefined;
let loading: Promise<typeof import("./registry.ts")> | undefined;

/** Loads the registry module (once). */
export function loadRegistry(): Promise<typeof import("./registry.ts")> {
  return loading ??= import("./registry.ts").then((module) => {
    registry = module.WIDGET_REGISTRY;
    return module;
  }, (error) => {
    loading = undefined;
    throw error;
  });
}

/** Loads the code of every widget a screen body uses. */
export async function loadWidgetsOf(body: unknown): Promise<void> {
  await (await loadRegistry()).loadWidgetsOf(body);
}

/** The registry once loaded. */
export function loadedRegistry(): WidgetRegistry | undefined {
  return registry;
}

/** The registry, suspending until it is loaded (for the rare render that comes first). */
export function useLoadingRegistry(): WidgetRegistry {
  return use(loadRegistry()).WIDGET_REGISTRY;
}

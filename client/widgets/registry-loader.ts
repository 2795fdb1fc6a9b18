/**
 * The widget registry, loaded on first use: its map of loaders is not part of the
 * entry (the page preloads it on every screen address). A screen's query loads
 * the registry before it resolves (and starts the screen's widgets), so rendering
 * a loaded screen finds the registry in place.
 */
import { use } from "react";
import type { WidgetRegistry } from "../renderer/screen-runtime.tsx";
import { loadOnce } from "./loadable.ts";

/** Loads the registry module (once). */
export const loadRegistry: () => Promise<typeof import("./registry.ts")> = loadOnce(() =>
  import("./registry.ts")
);

/** Loads the code of every widget a screen body uses. */
export async function loadWidgetsOf(body: unknown): Promise<void> {
  await (await loadRegistry()).loadWidgetsOf(body);
}

/** The registry: at once when loaded, else suspending until it is. */
export function useWidgetRegistry(): WidgetRegistry {
  return use(loadRegistry()).WIDGET_REGISTRY;
}

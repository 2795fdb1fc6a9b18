/**
 * Loads widgets' code ahead of the screen that will need them, when the browser is
 * idle, so a likely next page waits only for its data.
 */
import { WIDGET_REGISTRY } from "./registry.ts";
import { isLoadable } from "./loadable.ts";

/** Starts loading the widgets of `types` when the browser is idle; returns the cancel. */
export function preloadWhenIdle(types: readonly string[]): () => void {
  const load = () => {
    for (const type of types) {
      const widget = (WIDGET_REGISTRY as Partial<Record<string, unknown>>)[type];
      if (isLoadable(widget)) widget.load().catch(() => undefined);
    }
  };
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(load, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(load, 200);
  return () => clearTimeout(id);
}

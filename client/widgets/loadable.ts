/**
 * A widget whose code loads on first use. Its module is fetched once; until then
 * rendering it suspends (the node's Suspense shows a skeleton). `load()` starts
 * the fetch ahead of rendering: a screen's query starts its widgets as it
 * resolves, and the page preloads a first screen's. The widget renders through
 * the same element before and after its code is in, so nothing it shows is
 * mounted again (a chosen tab stays chosen) when its code arrives.
 */
import { type ComponentType, createElement, type ReactNode, use } from "react";

/** A widget component that can be loaded ahead of its first render. */
export interface LoadableWidget<P> {
  (props: P): ReactNode;
  /** Loads the widget's code; resolves when it can render without suspending. */
  load(): Promise<void>;
  displayName?: string;
}

/** A promise React's `use` reads at once once it has settled (its `status` and `value`). */
type Tracked<T> = Promise<T> & { status?: string; value?: T };

/** Loads once; the promise carries its value when done, so `use` then never suspends. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Tracked<T> | undefined;
  return () => {
    if (loading === undefined) {
      const started: Tracked<T> = load().then((value) => {
        started.status = "fulfilled";
        started.value = value;
        return value;
      }, (error) => {
        // A failed download may be retried by the next render (the node's error
        // boundary shows the failure meanwhile).
        loading = undefined;
        throw error;
      });
      loading = started;
    }
    return loading;
  };
}

/** The widget `load` resolves to, loaded on first use. */
export function loadable<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): LoadableWidget<P> {
  const start = loadOnce(load);
  function Widget(props: P): ReactNode {
    return createElement(use(start()), props);
  }
  Widget.load = async () => {
    await start();
  };
  Widget.displayName = name;
  return Widget;
}

/** Whether a registry entry can be loaded ahead (every entry of the app's registry can). */
export function isLoadable(component: unknown): component is LoadableWidget<object> {
  return typeof component === "function" &&
    typeof (component as { load?: unknown }).load === "function";
}

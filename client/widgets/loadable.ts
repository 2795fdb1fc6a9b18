/**
 * A widget whose code loads on first use. Its module is fetched once; until then
 * rendering it suspends (the node's Suspense shows a skeleton). `load()` starts
 * the fetch ahead of rendering: a screen's query starts its widgets as it
 * resolves, and the page preloads a first screen's.
 */
import { type ComponentType, createElement, type ReactNode, use } from "react";

/** A widget component that can be loaded ahead of its first render. */
export interface LoadableWidget<P> {
  (props: P): ReactNode;
  /** Loads the widget's code; resolves when it can render without suspending. */
  load(): Promise<void>;
  displayName?: string;
}

/** The widget `load` resolves to, loaded on first use. */
export function loadable<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): LoadableWidget<P> {
  let component: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    loading ??= load().then((loaded) => component = loaded, (error) => {
      // A failed download may be retried by the next render (the node's error
      // boundary shows the failure meanwhile).
      loading = undefined;
      throw error;
    });
  /** The widget while its code loads: suspends until it is there. */
  function Pending(props: P): ReactNode {
    return createElement(use(start()), props);
  }
  function Widget(props: P): ReactNode {
    return createElement(component ?? Pending, props);
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

/** The binding scope of the widget being rendered: the screen's sources and the current item. */
import { type BindingScope } from "./bindings.ts";
import { useItem, useScreenRuntime } from "./screen-runtime.tsx";

/** What bindings of the current widget read. */
export function useBindingScope(): BindingScope {
  const runtime = useScreenRuntime();
  const item = useItem();
  return { sources: runtime.sources, item };
}

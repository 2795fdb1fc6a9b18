/** An error message declared by the screen, with a Retry button that reloads its sources. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { resolveText } from "../renderer/bindings.ts";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** An error panel. */
export function ErrorPanel({ node }: WidgetProps<NodeOf<"error-panel">>) {
  const runtime = useScreenRuntime();
  const scope = useBindingScope();
  return (
    <div className="panel panel-danger" role="alert">
      <p className="panel-title">{node.title}</p>
      <p>{resolveText(node.text, scope)}</p>
      {node.retryLabel
        ? (
          <button type="button" className="button button-primary" onClick={() => runtime.refresh()}>
            {node.retryLabel}
          </button>
        )
        : null}
    </div>
  );
}

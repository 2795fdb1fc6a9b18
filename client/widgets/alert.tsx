/** A message box; warnings and dangers are announced at once. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { resolveText } from "../renderer/bindings.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** An alert. */
export function Alert({ node }: WidgetProps<NodeOf<"alert">>) {
  const scope = useBindingScope();
  const urgent = node.tone === "danger" || node.tone === "warning";
  const title = resolveText(node.title, scope);
  return (
    <div
      className={`alert tone-${node.tone}`}
      role={urgent ? "alert" : "status"}
      data-tone={node.tone}
    >
      {title ? <p className="alert-title">{title}</p> : null}
      <p className="alert-text">{resolveText(node.text, scope)}</p>
    </div>
  );
}

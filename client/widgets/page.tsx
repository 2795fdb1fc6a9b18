/** The root of a screen: its title, an optional description, and its content. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { resolveText } from "../renderer/bindings.ts";
import { RenderChildren } from "../renderer/render-node.tsx";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** A page. */
export function Page({ node, path }: WidgetProps<NodeOf<"page">>) {
  const scope = useBindingScope();
  return (
    <div className="page">
      {node.title || node.description
        ? (
          <div className="page-header">
            {node.title ? <h1 className="page-title">{node.title}</h1> : null}
            {node.description
              ? <p className="page-description">{resolveText(node.description, scope)}</p>
              : null}
          </div>
        )
        : null}
      <div className="page-body">
        <RenderChildren nodes={node.children} path={`${path}/children`} />
      </div>
    </div>
  );
}

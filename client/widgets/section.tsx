/** A titled region of a page. */
import { useId } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { resolveText } from "../renderer/bindings.ts";
import { RenderChildren } from "../renderer/render-node.tsx";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** A section. */
export function Section({ node, path }: WidgetProps<NodeOf<"section">>) {
  const scope = useBindingScope();
  const titleId = useId();
  const title = resolveText(node.title, scope);
  return (
    <section className="section" aria-labelledby={title ? titleId : undefined}>
      {title || node.description
        ? (
          <div className="section-header">
            {title ? <h2 id={titleId} className="section-title">{title}</h2> : null}
            {node.description
              ? <p className="section-description">{resolveText(node.description, scope)}</p>
              : null}
          </div>
        )
        : null}
      <RenderChildren nodes={node.children} path={`${path}/children`} />
    </section>
  );
}

/** A card: a bordered surface with an optional title, subtitle and tone. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { resolveText } from "../renderer/bindings.ts";
import { RenderChildren } from "../renderer/render-node.tsx";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { resolveTone } from "../renderer/tone-rules.ts";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** A card. */
export function Card({ node, path }: WidgetProps<NodeOf<"card">>) {
  const scope = useBindingScope();
  const tone = resolveTone(node.tone, scope);
  const title = resolveText(node.title, scope);
  const subtitle = resolveText(node.subtitle, scope);
  return (
    <div className={`card${tone ? ` card-tone tone-${tone}` : ""}`}>
      {title || subtitle
        ? (
          <div className="card-header">
            {title ? <h3 className="card-title">{title}</h3> : null}
            {subtitle ? <p className="card-subtitle">{subtitle}</p> : null}
          </div>
        )
        : null}
      <div className="card-body">
        <RenderChildren nodes={node.children} path={`${path}/children`} />
      </div>
    </div>
  );
}

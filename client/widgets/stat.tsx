/** A key figure: label, value, hint and tone, optionally linking to its screen. */
import { Link } from "react-router-dom";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { resolveText } from "../renderer/bindings.ts";
import { isInternalHref } from "../renderer/safe-href.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { resolveTone } from "../renderer/tone-rules.ts";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** A stat. */
export function Stat({ node }: WidgetProps<NodeOf<"stat">>) {
  const scope = useBindingScope();
  const tone = resolveTone(node.tone, scope);
  const hint = resolveText(node.hint, scope);
  const content = (
    <>
      <span className="stat-label">{node.label}</span>
      <span className="stat-value">{resolveText(node.value, scope)}</span>
      {hint ? <span className="stat-hint">{hint}</span> : null}
    </>
  );
  const className = `stat${tone ? ` tone-${tone}` : ""}`;
  if (node.to !== undefined && isInternalHref(node.to)) {
    return (
      <Link className={`${className} stat-link`} to={node.to} data-tone={tone}>{content}</Link>
    );
  }
  return <div className={className} data-tone={tone}>{content}</div>;
}

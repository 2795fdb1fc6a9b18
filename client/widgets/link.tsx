/** A link to an app path or, marked external, to another site (opened in a new tab). */
import { Link as RouterLink } from "react-router-dom";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { resolveText } from "../renderer/bindings.ts";
import { isInternalHref, isSafeHref } from "../renderer/safe-href.ts";
import { useItem, useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { fillPlaceholders } from "../renderer/templates.ts";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** A link. */
export function Link({ node }: WidgetProps<NodeOf<"link">>) {
  const runtime = useScreenRuntime();
  const item = useItem();
  const text = resolveText(node.text, useBindingScope());
  const to = fillPlaceholders(node.to, { params: runtime.params, state: runtime.state, item });
  if (!isSafeHref(to)) return <span className="link-disabled">{text}</span>;
  if (node.external || !isInternalHref(to)) {
    return (
      <a className="link" href={to} target="_blank" rel="noopener noreferrer">
        {text}
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  return <RouterLink className="link" to={to}>{text}</RouterLink>;
}

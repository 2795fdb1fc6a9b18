/** A heading of level 1 to 4. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { resolveText } from "../renderer/bindings.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** A heading. */
export function Heading({ node }: WidgetProps<NodeOf<"heading">>) {
  const text = resolveText(node.text, useBindingScope());
  const level = node.level ?? 2;
  const className = `heading heading-${level}`;
  if (level === 1) return <h1 className={className}>{text}</h1>;
  if (level === 3) return <h3 className={className}>{text}</h3>;
  if (level === 4) return <h4 className={className}>{text}</h4>;
  return <h2 className={className}>{text}</h2>;
}

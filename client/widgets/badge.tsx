/** A short label coloured by its tone. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { resolveText } from "../renderer/bindings.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { resolveTone } from "../renderer/tone-rules.ts";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** A badge. */
export function Badge({ node }: WidgetProps<NodeOf<"badge">>) {
  const scope = useBindingScope();
  const tone = resolveTone(node.tone, scope) ?? "neutral";
  return (
    <span className={`badge tone-${tone}`} data-tone={tone}>{resolveText(node.text, scope)}</span>
  );
}

/** A coloured dot for a status, with its label. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { resolveText } from "../renderer/bindings.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { resolveTone } from "../renderer/tone-rules.ts";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** A tone dot. */
export function ToneDot({ node }: WidgetProps<NodeOf<"tone-dot">>) {
  const scope = useBindingScope();
  const tone = resolveTone(node.tone, scope) ?? "neutral";
  const label = resolveText(node.label, scope);
  return (
    <span className={`tone-dot tone-${tone}`} data-tone={tone}>
      <span className="dot" aria-hidden="true" />
      {label ? <span>{label}</span> : <span className="sr-only">{tone}</span>}
    </span>
  );
}

/** Labelled values in two columns; a value with a tone is shown as a badge. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { resolveText } from "../renderer/bindings.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { resolveTone } from "../renderer/tone-rules.ts";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** A key-value list. */
export function KeyValue({ node }: WidgetProps<NodeOf<"key-value">>) {
  const scope = useBindingScope();
  return (
    <dl className="key-value">
      {node.items.map((entry, i) => {
        const tone = resolveTone(entry.tone, scope);
        const value = resolveText(entry.value, scope);
        return (
          <div key={i} className="key-value-row">
            <dt>{entry.label}</dt>
            <dd>
              {tone
                ? <span className={`badge tone-${tone}`} data-tone={tone}>{value}</span>
                : value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

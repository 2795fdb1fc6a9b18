/** A trend shown as an arrow: up (improving), flat (stable) or down (declining). */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { resolveText } from "../renderer/bindings.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

const UP = ["improving", "up", "increasing", "rising"];
const DOWN = ["declining", "down", "decreasing", "falling"];

/** A trend arrow. */
export function TrendArrow({ node }: WidgetProps<NodeOf<"trend-arrow">>) {
  const value = resolveText(node.value, useBindingScope());
  const word = value.trim().toLowerCase();
  const [arrow, tone] = UP.includes(word)
    ? ["↑", "success"]
    : DOWN.includes(word)
    ? ["↓", "danger"]
    : ["→", "neutral"];
  return (
    <span className={`trend tone-${tone}`} data-tone={tone}>
      <span className="trend-arrow" aria-hidden="true">{arrow}</span>
      {node.label ? <span className="trend-label">{node.label}:</span> : null}
      <span className="trend-value">{value}</span>
    </span>
  );
}

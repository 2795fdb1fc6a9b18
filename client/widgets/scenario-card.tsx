/**
 * A forecast scenario: its completion date and a confidence derived from the
 * probability (a fraction): probability × factor, capped at `cap`.
 */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { MISSING_TEXT, readReference, resolveText, toNumber } from "../renderer/bindings.ts";
import { formatValue } from "../renderer/formatters.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** A scenario card. */
export function ScenarioCard({ node }: WidgetProps<NodeOf<"scenario-card">>) {
  const scope = useBindingScope();
  const probability = toNumber(readReference(node.probability, scope));
  const confidence = probability === undefined
    ? undefined
    : Math.min(probability * node.factor, node.cap ?? 1);
  return (
    <div
      className={`card scenario-card${node.tone ? ` card-tone tone-${node.tone}` : ""}`}
      data-tone={node.tone}
    >
      <div className="card-header">
        <h3 className="card-title">{node.title}</h3>
      </div>
      <div className="card-body">
        <span className="stat-value">{resolveText(node.date, scope)}</span>
        <span className="scenario-confidence">
          Confidence: {formatValue(confidence, "fraction-percent") ?? MISSING_TEXT}
        </span>
        {node.description ? <p className="text text-muted">{node.description}</p> : null}
      </div>
    </div>
  );
}

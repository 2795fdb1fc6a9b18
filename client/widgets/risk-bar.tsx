/** A score drawn as a bar and shown as a number; values above the cap are drawn and shown at the cap. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { MISSING_TEXT, resolveNumber, resolveText } from "../renderer/bindings.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { resolveTone } from "../renderer/tone-rules.ts";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** A risk bar. */
export function RiskBar({ node }: WidgetProps<NodeOf<"risk-bar">>) {
  const scope = useBindingScope();
  const cap = node.cap ?? 100;
  const raw = resolveNumber(node.value, scope);
  const shown = raw === undefined ? undefined : Math.max(0, Math.min(raw, cap));
  const label = resolveText(node.label, scope) || "Risk";
  const tone = resolveTone(node.tone, scope) ?? "warning";
  return (
    <div className="progress">
      <div className="progress-header">
        <span className="progress-label">{label}</span>
        <span className="progress-value">
          {shown === undefined ? MISSING_TEXT : String(Math.round(shown))}
        </span>
      </div>
      <div
        className="progress-track"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={cap}
        aria-valuenow={shown}
      >
        <div
          className={`progress-fill tone-${tone}`}
          data-tone={tone}
          style={{ width: `${((shown ?? 0) / cap) * 100}%` }}
        />
      </div>
    </div>
  );
}

/** A horizontal bar showing a value against a maximum; values above `cap` are drawn at cap. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { MISSING_TEXT, resolveNumber, resolveText } from "../renderer/bindings.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { resolveTone } from "../renderer/tone-rules.ts";
import { useBindingScope } from "../renderer/use-binding-scope.ts";
import { formatValue } from "../renderer/formatters.ts";

/** A progress bar. */
export function ProgressBar({ node }: WidgetProps<NodeOf<"progress-bar">>) {
  const scope = useBindingScope();
  const max = node.max ?? 100;
  const value = resolveNumber(node.value, scope);
  const drawn = value === undefined ? 0 : Math.max(0, Math.min(value, node.cap ?? value, max));
  // Worded by the same format as every other percentage, so one figure reads the same
  // in a bar and beside it (48.5% in both, never 49% in one).
  const percent = value === undefined ? undefined : formatValue((value / max) * 100, "percent");
  const label = resolveText(node.label, scope) || "Progress";
  const tone = resolveTone(node.tone, scope) ?? "info";
  return (
    <div className="progress">
      <div className="progress-header">
        <span className="progress-label">{label}</span>
        <span className="progress-value">
          {percent ?? MISSING_TEXT}
        </span>
      </div>
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
      >
        <div
          className={`progress-fill tone-${tone}`}
          data-tone={tone}
          style={{ width: `${(drawn / max) * 100}%` }}
        />
      </div>
    </div>
  );
}

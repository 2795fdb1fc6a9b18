/**
 * Tone rules: a literal tone, a threshold rule (the first threshold the value
 * reaches wins) or a match rule (the value's case, else `otherwise`).
 */
import type { Tone, ToneValue } from "../../schemas/descriptor/mod.ts";
import { type BindingScope, readReference } from "./bindings.ts";

/** The tone a ToneValue gives in this scope; undefined when none is set. */
export function resolveTone(tone: ToneValue | undefined, scope: BindingScope): Tone | undefined {
  if (tone === undefined) return undefined;
  if (typeof tone === "string") return tone;
  if ("$rule" in tone) {
    const raw = readReference(tone.$rule.value, scope);
    const n = typeof raw === "number"
      ? raw
      : typeof raw === "string" && raw.trim() !== ""
      ? Number(raw)
      : NaN;
    if (!Number.isFinite(n)) return tone.$rule.otherwise;
    const reached = tone.$rule.thresholds.find((t) => t.exclusive ? n > t.min : n >= t.min);
    return reached?.tone ?? tone.$rule.otherwise;
  }
  const raw = readReference(tone.$match.value, scope);
  const key = raw === undefined || raw === null ? "" : String(raw);
  return Object.hasOwn(tone.$match.cases, key) ? tone.$match.cases[key] : tone.$match.otherwise;
}

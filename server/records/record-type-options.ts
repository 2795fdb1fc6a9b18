/**
 * The product's record types as choices (a select whose `options_from` is
 * `RECORD_TYPE_OPTIONS`, a saved report's records): each type's id stored, its
 * plural read, in label order. Read at call time, as the catalogue is.
 */
import { recordTypes } from "./catalogue.ts";

let options: { value: string; label: string }[] | undefined;

export function recordTypeOptions(): { value: string; label: string }[] {
  return options ??= recordTypes()
    .map((t) => ({ value: t.id, label: t.declaration.plural }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

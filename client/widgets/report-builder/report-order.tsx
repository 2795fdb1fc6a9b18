/**
 * The order of a report's rows and how many it keeps: "Order by" one of its columns
 * (records) or its group fields and figures (groups), ascending or descending, and
 * "At most" N rows, so "the ten clients invoiced most" is three choices. Native,
 * labelled inputs, as every control of the builder.
 */
import type { FieldMeta } from "../../../schemas/records/meta.ts";
import { orderChoices, type ReportDraft } from "./report-draft.ts";
import { resultColumns } from "./report-columns.ts";

/** The order controls. */
export function ReportOrder(props: {
  draft: ReportDraft;
  change(next: Partial<ReportDraft>): void;
  fields: readonly FieldMeta[];
}) {
  const { draft, change } = props;
  // Each choice reads as its column of the result does ("Client", "Sum of grand total").
  const labels = new Map(resultColumns(draft, props.fields).map((c) => [c.name, c.label]));
  const choices = orderChoices(draft);
  const current = draft.sort && choices.includes(draft.sort.field) ? draft.sort : undefined;
  return (
    <fieldset className="report-rows">
      <legend>Order</legend>
      <div className="report-row is-order">
        <select
          aria-label="Order by"
          value={current?.field ?? ""}
          onChange={(e) =>
            change({
              sort: e.target.value === ""
                ? undefined
                : { field: e.target.value, dir: current?.dir ?? "desc" },
            })}
        >
          <option value="">As they come</option>
          {choices.map((c) => <option key={c} value={c}>{labels.get(c) ?? c}</option>)}
        </select>
        {current
          ? (
            <select
              aria-label="Direction"
              value={current.dir}
              onChange={(e) =>
                change({ sort: { field: current.field, dir: e.target.value as "asc" | "desc" } })}
            >
              <option value="desc">Highest or latest first</option>
              <option value="asc">Lowest or earliest first</option>
            </select>
          )
          : null}
      </div>
      <label className="field">
        <span>At most (rows)</span>
        <input
          type="number"
          min={1}
          max={10000}
          placeholder="All"
          value={draft.top ?? ""}
          onChange={(e) => {
            const n = Math.floor(Number(e.target.value));
            change({ top: e.target.value === "" || !(n >= 1) ? undefined : Math.min(n, 10_000) });
          }}
        />
      </label>
    </fieldset>
  );
}

/**
 * The builder's controls: the records a report reads; whether it shows records or
 * groups; the group fields (a date by a period) and the figures; the columns; the
 * filters; the order and how many rows; the chart; who it is shared with. Every control is a labelled native
 * input, so the keyboard and screen readers work as everywhere.
 */
import type { FieldMeta, Filter, SelectOption } from "../../../schemas/records/meta.ts";
import { AGGREGATE_FUNCTIONS, DATE_BUCKETS } from "../../../schemas/records/query.ts";
import {
  groupFields,
  isDate,
  numberFields,
  plainFields,
  type ReportDraft,
} from "./report-draft.ts";
import { ReportOrder } from "./report-order.tsx";

const FUNCTION_LABELS: Record<string, string> = {
  count: "Count",
  sum: "Sum",
  avg: "Average",
  min: "Least",
  max: "Most",
};

const PERIOD_LABELS: Record<string, string> = {
  day: "Day",
  week: "Week",
  month: "Month",
  quarter: "Quarter",
  year: "Year",
};

const OPERATORS: { value: Filter["op"]; label: string }[] = [
  { value: "eq", label: "is" },
  { value: "ne", label: "is not" },
  { value: "gt", label: "is more than" },
  { value: "lt", label: "is less than" },
  { value: "gte", label: "is at least" },
  { value: "lte", label: "is at most" },
  { value: "contains", label: "contains" },
  { value: "is_set", label: "is set" },
  { value: "is_not_set", label: "is empty" },
];

interface EditorProps {
  draft: ReportDraft;
  change(next: Partial<ReportDraft>): void;
  types: { id: string; label: string }[];
  fields: FieldMeta[];
  charts: SelectOption[];
  sharing: SelectOption[];
  roles: SelectOption[];
  /** Shared with the caller, not theirs: they explore it, and may save a copy. */
  owned: boolean;
}

function FilterValue(
  { field, filter, set }: { field?: FieldMeta; filter: Filter; set(value: string | number): void },
) {
  if (filter.op === "is_set" || filter.op === "is_not_set") return null;
  const value = filter.value === undefined || filter.value === null ? "" : String(filter.value);
  if (field?.options && field.options.length > 0) {
    return (
      <select aria-label="Value" value={value} onChange={(e) => set(e.target.value)}>
        <option value="">Choose…</option>
        {field.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    );
  }
  const numeric = ["int", "float", "currency", "percent"].includes(field?.type ?? "");
  return (
    <input
      aria-label="Value"
      type={isDate(field) ? "date" : numeric ? "number" : "text"}
      value={value}
      onChange={(e) =>
        set(numeric && e.target.value !== "" ? Number(e.target.value) : e.target.value)}
    />
  );
}

/** The controls of the report builder. */
export function ReportEditor(props: EditorProps) {
  const { draft, change, fields } = props;
  const byId = new Map(fields.map((f) => [f.id, f]));
  const groupable = groupFields(fields);
  // Money first: a sum of amounts is what a figure usually is.
  const numbers = numberFields(fields).sort((a, b) =>
    Number(b.type === "currency") - Number(a.type === "currency")
  );
  const plain = plainFields(fields);
  const setGroup = (i: number, next: Partial<ReportDraft["groups"][number]>) =>
    change({ groups: draft.groups.map((g, j) => (j === i ? { ...g, ...next } : g)) });
  const setAggregate = (i: number, next: Partial<ReportDraft["aggregates"][number]>) =>
    change({ aggregates: draft.aggregates.map((a, j) => (j === i ? { ...a, ...next } : a)) });
  const setFilter = (i: number, next: Partial<Filter>) =>
    change({ filters: draft.filters.map((f, j) => (j === i ? { ...f, ...next } : f)) });
  return (
    <div className="report-editor">
      <label className="field">
        <span>Report on</span>
        <select
          value={draft.recordType}
          onChange={(e) =>
            change({
              recordType: e.target.value,
              columns: [],
              groups: [],
              filters: [],
              aggregates: [{ fn: "count" }],
              sort: undefined,
              top: undefined,
            })}
        >
          {props.types.map((t) => <option key={t.id} value={t.id}>{t.label}</option>)}
        </select>
      </label>
      <fieldset className="report-shape">
        <legend>Show</legend>
        <label>
          <input
            type="radio"
            name="report-shape"
            checked={draft.shape === "groups"}
            onChange={() => change({ shape: "groups" })}
          />
          Groups and figures
        </label>
        <label>
          <input
            type="radio"
            name="report-shape"
            checked={draft.shape === "records"}
            onChange={() => change({ shape: "records" })}
          />
          Each record
        </label>
      </fieldset>
      {draft.shape === "groups"
        ? (
          <>
            <fieldset className="report-rows">
              <legend>Group by</legend>
              {draft.groups.map((g, i) => (
                <div
                  className={isDate(byId.get(g.field)) ? "report-row is-period" : "report-row"}
                  key={i}
                >
                  <select
                    aria-label={`Group ${i + 1}`}
                    value={g.field}
                    onChange={(e) =>
                      setGroup(i, {
                        field: e.target.value,
                        bucket: isDate(byId.get(e.target.value)) ? "month" : undefined,
                      })}
                  >
                    {groupable.map((f) => <option key={f.id} value={f.id}>{f.label}</option>)}
                  </select>
                  {isDate(byId.get(g.field))
                    ? (
                      <select
                        aria-label={`Period of group ${i + 1}`}
                        value={g.bucket ?? "day"}
                        onChange={(e) => setGroup(i, { bucket: e.target.value as typeof g.bucket })}
                      >
                        {DATE_BUCKETS.map((b) => (
                          <option key={b} value={b}>{PERIOD_LABELS[b]}</option>
                        ))}
                      </select>
                    )
                    : null}
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={`Remove group ${i + 1}`}
                    onClick={() => change({ groups: draft.groups.filter((_, j) => j !== i) })}
                  >
                    ×
                  </button>
                </div>
              ))}
              {draft.groups.length < 2 && groupable.length > 0
                ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => {
                      const first =
                        groupable.find((f) => !draft.groups.some((g) => g.field === f.id)) ??
                          groupable[0];
                      change({
                        groups: [...draft.groups, {
                          field: first.id,
                          ...(isDate(first) ? { bucket: "month" as const } : {}),
                        }],
                      });
                    }}
                  >
                    Add group
                  </button>
                )
                : null}
            </fieldset>
            <fieldset className="report-rows">
              <legend>Figures</legend>
              {draft.aggregates.map((a, i) => (
                <div className="report-row is-figure" key={i}>
                  <select
                    aria-label={`Figure ${i + 1}`}
                    value={a.fn}
                    onChange={(e) => {
                      const fn = e.target.value as typeof a.fn;
                      setAggregate(
                        i,
                        fn === "count"
                          ? { fn, field: undefined }
                          : { fn, field: a.field ?? numbers[0]?.id },
                      );
                    }}
                  >
                    {AGGREGATE_FUNCTIONS.filter((fn) => fn === "count" || numbers.length > 0).map((
                      fn,
                    ) => <option key={fn} value={fn}>{FUNCTION_LABELS[fn]}</option>)}
                  </select>
                  {a.fn !== "count"
                    ? (
                      <select
                        aria-label={`Field of figure ${i + 1}`}
                        value={a.field ?? ""}
                        onChange={(e) => setAggregate(i, { field: e.target.value })}
                      >
                        {numbers.map((f) => <option key={f.id} value={f.id}>{f.label}</option>)}
                      </select>
                    )
                    : null}
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={`Remove figure ${i + 1}`}
                    onClick={() =>
                      change({ aggregates: draft.aggregates.filter((_, j) => j !== i) })}
                  >
                    ×
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="button button-secondary"
                onClick={() =>
                  change({
                    aggregates: [
                      ...draft.aggregates,
                      numbers.length > 0 ? { fn: "sum", field: numbers[0].id } : { fn: "count" },
                    ],
                  })}
              >
                Add figure
              </button>
            </fieldset>
          </>
        )
        : (
          <fieldset className="report-columns">
            <legend>Columns</legend>
            {plain.map((f) => (
              <label key={f.id}>
                <input
                  type="checkbox"
                  checked={draft.columns.includes(f.id)}
                  onChange={(e) =>
                    change({
                      columns: e.target.checked
                        ? [...draft.columns, f.id]
                        : draft.columns.filter((c) => c !== f.id),
                    })}
                />
                {f.label}
              </label>
            ))}
          </fieldset>
        )}
      <fieldset className="report-rows">
        <legend>Filters</legend>
        {draft.filters.map((filter, i) => (
          <div className="report-row is-filter" key={i}>
            <select
              aria-label={`Filter ${i + 1} field`}
              value={filter.field}
              onChange={(e) => setFilter(i, { field: e.target.value, value: undefined })}
            >
              {plain.map((f) => <option key={f.id} value={f.id}>{f.label}</option>)}
            </select>
            <select
              aria-label={`Filter ${i + 1} condition`}
              value={filter.op}
              onChange={(e) => setFilter(i, { op: e.target.value as Filter["op"] })}
            >
              {OPERATORS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
            </select>
            <FilterValue
              field={byId.get(filter.field)}
              filter={filter}
              set={(value) => setFilter(i, { value })}
            />
            <button
              type="button"
              className="button button-ghost button-small"
              aria-label={`Remove filter ${i + 1}`}
              onClick={() => change({ filters: draft.filters.filter((_, j) => j !== i) })}
            >
              ×
            </button>
          </div>
        ))}
        {plain.length > 0
          ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() =>
                change({ filters: [...draft.filters, { field: plain[0].id, op: "eq" }] })}
            >
              Add filter
            </button>
          )
          : null}
      </fieldset>
      <ReportOrder draft={draft} change={change} fields={fields} />
      <label className="field">
        <span>Chart</span>
        <select value={draft.chart} onChange={(e) => change({ chart: e.target.value })}>
          {props.charts.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
        </select>
      </label>
      {props.owned
        ? (
          <>
            <label className="field">
              <span>Shared with</span>
              <select value={draft.sharing} onChange={(e) => change({ sharing: e.target.value })}>
                {props.sharing.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
              </select>
            </label>
            {draft.sharing === "roles"
              ? (
                <fieldset className="report-columns">
                  <legend>Roles</legend>
                  {props.roles.map((r) => (
                    <label key={r.value}>
                      <input
                        type="checkbox"
                        checked={draft.roles.includes(r.value)}
                        onChange={(e) =>
                          change({
                            roles: e.target.checked
                              ? [...draft.roles, r.value]
                              : draft.roles.filter((x) => x !== r.value),
                          })}
                      />
                      {r.label}
                    </label>
                  ))}
                </fieldset>
              )
              : null}
          </>
        )
        : null}
    </div>
  );
}

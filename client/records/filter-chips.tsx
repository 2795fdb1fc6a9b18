/**
 * A list's filters as removable chips that read in the user's words (select
 * options by label, dates formatted, links by title), and the "Add filter" form
 * for the type's filterable fields.
 */
import { type FormEvent, useState } from "react";
import type { FieldMeta, Filter } from "../../schemas/records/meta.ts";
import { displayOf, type ExternalOptions, optionsOf } from "./field-display.tsx";
import { FieldInput } from "./field-input.tsx";

const OPERATOR_WORDS: Readonly<Record<string, string>> = {
  eq: "is",
  ne: "is not",
  lt: "before",
  lte: "on or before",
  gt: "after",
  gte: "on or after",
  in: "is any of",
  not_in: "is none of",
  contains: "contains",
  is_set: "is set",
  is_not_set: "is not set",
  between: "between",
};

/** The words of one filter: "Status is Open". */
export function filterText(
  filter: Filter,
  field: FieldMeta | undefined,
  titles: Readonly<Record<string, string>>,
  external?: ExternalOptions,
): string {
  const label = field?.label ?? filter.field;
  const words = field?.type === "int" || field?.type === "float" || field?.type === "currency"
    ? { lt: "below", lte: "at most", gt: "above", gte: "at least" }[filter.op as string] ??
      OPERATOR_WORDS[filter.op]
    : OPERATOR_WORDS[filter.op];
  if (filter.op === "is_set" || filter.op === "is_not_set") return `${label} ${words}`;
  const one = (value: unknown) => {
    if (field === undefined) return String(value);
    if (field.type === "link" && typeof value === "string") return titles[value] ?? value;
    if (typeof value === "string" && value.startsWith("@")) return value;
    return displayOf(field, value, {}, external).text;
  };
  const values = Array.isArray(filter.value) ? filter.value : [filter.value];
  const joined = values.map(one).join(filter.op === "between" ? " and " : ", ");
  return `${label} ${words} ${joined}`;
}

/** The active filters as chips. */
export function FilterChips(
  { filters, fields, titles, external, onRemove }: {
    filters: Filter[];
    fields: readonly FieldMeta[];
    titles: Readonly<Record<string, string>>;
    external?: ExternalOptions;
    onRemove(index: number): void;
  },
) {
  if (filters.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label="Filters">
      {filters.map((filter, i) => {
        const text = filterText(
          filter,
          fields.find((f) => f.id === filter.field),
          titles,
          external,
        );
        return (
          <li key={`${filter.field}-${i}`} className="filter-chip">
            <span>{text}</span>
            <button
              type="button"
              className="filter-chip-remove"
              aria-label={`Remove filter ${text}`}
              onClick={() => onRemove(i)}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The operators offered for a field type, the first being the default. */
function operatorsOf(field: FieldMeta, external: ExternalOptions | undefined): Filter["op"][] {
  const enumerated = optionsOf(field, external).length > 0;
  switch (field.type) {
    case "date":
    case "datetime":
      return ["eq", "gte", "lte", "between"];
    case "int":
    case "float":
    case "currency":
    case "percent":
      return enumerated ? ["eq", "ne", "in"] : ["eq", "gt", "lt", "gte", "lte", "between"];
    case "select":
      return enumerated
        ? ["eq", "ne", "in", "is_set", "is_not_set"]
        : ["eq", "ne", "is_set", "is_not_set"];
    case "data":
    case "long_text":
    case "email":
    case "phone":
    case "url":
      return ["contains", "eq"];
    case "check":
      return ["eq"];
    default:
      return ["eq", "ne", "is_set", "is_not_set"];
  }
}

/** The form that adds one filter. */
export function AddFilter(
  { fields, external, onAdd, onCancel }: {
    fields: readonly FieldMeta[];
    external?: ExternalOptions;
    onAdd(filter: Filter, title?: string): void;
    onCancel(): void;
  },
) {
  const [fieldId, setFieldId] = useState(fields[0]?.id ?? "");
  const field = fields.find((f) => f.id === fieldId);
  const operators = field ? operatorsOf(field, external) : [];
  const [op, setOp] = useState<Filter["op"] | "">("");
  const [value, setValue] = useState<unknown>(null);
  // The second bound of "between", and the options ticked for "is any of".
  const [upTo, setUpTo] = useState<unknown>(null);
  const [ticked, setTicked] = useState<readonly string[]>([]);
  const [title, setTitle] = useState<string>();
  const chosenOp = op !== "" && operators.includes(op) ? op : operators[0];
  const blank = (v: unknown) => v === null || v === "";

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (field === undefined || chosenOp === undefined) return;
    if (chosenOp === "between") {
      if (blank(value) || blank(upTo)) return;
      onAdd({ field: field.id, op: "between", value: [value, upTo] as Filter["value"] });
      return;
    }
    if (chosenOp === "in") {
      if (ticked.length === 0) return;
      const numeric = field.type !== "select";
      onAdd({
        field: field.id,
        op: "in",
        value: (numeric ? ticked.map(Number) : [...ticked]) as Filter["value"],
      });
      return;
    }
    const needsValue = chosenOp !== "is_set" && chosenOp !== "is_not_set";
    const given = field.type === "check" ? value === true : value;
    if (needsValue && blank(given)) return;
    onAdd(
      needsValue ? { field: field.id, op: chosenOp, value: given as Filter["value"] } : {
        field: field.id,
        op: chosenOp,
      },
      title,
    );
  }

  return (
    <form className="add-filter" onSubmit={submit} aria-label="Add filter">
      <label>
        Field
        <select
          value={fieldId}
          onChange={(e) => {
            setFieldId(e.target.value);
            setValue(null);
            setUpTo(null);
            setTicked([]);
            setOp("");
          }}
        >
          {fields.map((f) => <option key={f.id} value={f.id}>{f.label}</option>)}
        </select>
      </label>
      {operators.length > 1
        ? (
          <label>
            Condition
            <select value={chosenOp} onChange={(e) => setOp(e.target.value as Filter["op"])}>
              {operators.map((o) => <option key={o} value={o}>{OPERATOR_WORDS[o]}</option>)}
            </select>
          </label>
        )
        : null}
      {field && chosenOp === "in"
        ? (
          <fieldset className="add-filter-choices">
            <legend>Values</legend>
            {optionsOf(field, external).map((o) => (
              <label key={o.value}>
                <input
                  type="checkbox"
                  checked={ticked.includes(o.value)}
                  onChange={(e) =>
                    setTicked((t) =>
                      e.target.checked ? [...t, o.value] : t.filter((v) => v !== o.value)
                    )}
                />
                {o.label}
              </label>
            ))}
          </fieldset>
        )
        : field && chosenOp === "between"
        ? (
          <>
            <FieldInput
              key={`${field.id}-from`}
              field={field}
              label="From"
              value={value}
              external={external}
              onChange={(v) => setValue(v)}
            />
            <FieldInput
              key={`${field.id}-to`}
              field={field}
              label="To"
              value={upTo}
              external={external}
              onChange={(v) => setUpTo(v)}
            />
          </>
        )
        : field && chosenOp !== "is_set" && chosenOp !== "is_not_set"
        ? (
          <FieldInput
            key={field.id}
            field={field.type === "long_text" ? { ...field, type: "data" } : field}
            label="Value"
            value={value}
            external={external}
            onChange={(v, t) => {
              setValue(v);
              setTitle(t);
            }}
          />
        )
        : null}
      <button type="submit" className="button button-primary button-small">Apply filter</button>
      <button type="button" className="button button-ghost button-small" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

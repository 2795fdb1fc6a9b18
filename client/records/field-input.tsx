/**
 * The control of one record field, by field type: text inputs of the right kind,
 * a textarea, numeric inputs with the field's precision, a checkbox, a select of
 * the options (by label), date and date-time inputs, a link type-ahead, and an
 * attachment's file name. Labels are the caller's (a form field's label, or
 * `label` as the accessible name in a grid cell); a link's picker offers the records
 * meeting its conditions, and on a form an Open link to the linked record.
 */
import type { KeyboardEvent } from "react";
import type { FieldMeta, Filter } from "../../schemas/records/meta.ts";
import { type ExternalOptions, optionsOf } from "./field-display.tsx";
import { LinkInput } from "./link-input.tsx";
import { linkPathOf } from "./standard-fields.ts";

/** Props of a field's control. */
export interface FieldInputProps {
  field: FieldMeta;
  value: unknown;
  /** A link's title. */
  title?: string;
  id?: string;
  /** Accessible name when no label element points at the control. */
  label?: string;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
  external?: ExternalOptions;
  /** A link's picker conditions, filled in from the record's values. */
  filters?: readonly Filter[];
  /** A link offers Open, to its record, beside the input (forms; not grid cells). */
  openLinks?: boolean;
  onChange(value: unknown, title?: string): void;
  onKeyDown?(event: KeyboardEvent<HTMLElement>): void;
}

const TEXT_TYPES: Readonly<Record<string, string>> = {
  data: "text",
  email: "email",
  phone: "tel",
  url: "url",
};

/** A field's control. */
export function FieldInput(props: FieldInputProps) {
  const { field, value, onChange } = props;
  const common = {
    id: props.id,
    name: field.id,
    "aria-label": props.label,
    "aria-invalid": props.invalid || undefined,
    "aria-describedby": props.describedBy,
    "aria-required": props.required || undefined,
    disabled: props.disabled,
    onKeyDown: props.onKeyDown,
  };
  switch (field.type) {
    case "check":
      return (
        <input
          {...common}
          type="checkbox"
          checked={value === true || value === 1}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
    case "long_text":
      return (
        <textarea
          {...common}
          rows={4}
          maxLength={field.max_length}
          value={textOf(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case "int":
    case "float":
    case "currency":
    case "percent":
      if (field.options !== undefined || field.options_from !== undefined) break;
      return (
        <input
          {...common}
          type="number"
          inputMode={field.type === "int" ? "numeric" : "decimal"}
          step={field.type === "int" ? 1 : 10 ** -(field.precision ?? 2)}
          min={field.min}
          max={field.max}
          value={typeof value === "number" ? String(value) : textOf(value)}
          onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
        />
      );
    case "date":
      return (
        <input
          {...common}
          type="date"
          value={textOf(value).slice(0, 10)}
          onChange={(e) => onChange(e.target.value === "" ? null : e.target.value)}
        />
      );
    case "datetime":
      return (
        <input
          {...common}
          type="datetime-local"
          value={localDateTime(value)}
          onChange={(e) => onChange(e.target.value === "" ? null : isoOf(e.target.value))}
        />
      );
    case "link":
      return (
        <LinkInput
          id={props.id}
          label={props.label}
          target={field.link ?? ""}
          value={typeof value === "string" ? value : null}
          title={props.title}
          invalid={props.invalid}
          describedBy={props.describedBy}
          required={props.required}
          disabled={props.disabled}
          filters={props.filters}
          openPath={props.openLinks ? linkPathOf(field, value) : undefined}
          onChange={(id, title) => onChange(id, title)}
          onKeyDown={props.onKeyDown}
        />
      );
    case "attach":
      return (
        <output {...{ id: props.id, "aria-label": props.label }} className="attach-name">
          {textOf(value) || "No file"}
        </output>
      );
    case "select":
      break;
    default:
      return (
        <input
          {...common}
          type={TEXT_TYPES[field.type] ?? "text"}
          maxLength={field.max_length}
          value={textOf(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
  const numeric = field.type !== "select";
  return (
    <select
      {...common}
      value={value === null || value === undefined ? "" : String(value)}
      onChange={(e) =>
        onChange(
          e.target.value === ""
            ? (numeric ? null : "")
            : numeric
            ? Number(e.target.value)
            : e.target.value,
        )}
    >
      <option value="">Select…</option>
      {optionsOf(field, props.external).map((o) => (
        <option key={o.value} value={o.value}>{o.label}</option>
      ))}
    </select>
  );
}

function textOf(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

/** An ISO date-time as the local `YYYY-MM-DDTHH:mm` a datetime-local input shows. */
function localDateTime(value: unknown): string {
  if (typeof value !== "string" || value === "") return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${
    pad(date.getHours())
  }:${pad(date.getMinutes())}`;
}

function isoOf(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/**
 * One labelled form control (input, select, search, textarea, checkbox, image or a
 * record chosen by type-ahead among the records of the type another field names) with its help
 * text and error message. A label ending in "*" shows the asterisk as a required
 * marker; the error is tied to the control with aria-describedby.
 */
import { useState } from "react";
import type { FormField as FieldSpec } from "../../schemas/descriptor/mod.ts";
import { type FieldValue, isRequired, splitLabel } from "../renderer/form-validation.ts";
import { ImageInput } from "./image-input.tsx";
import { LinkInput } from "../records/link-input.tsx";
import { SearchInput, type SearchItem } from "./search-input.tsx";

/** An option of a select. */
export interface FieldOption {
  value: string;
  label: string;
}

/** Props of a form field. */
export interface FormFieldProps {
  id: string;
  field: FieldSpec;
  value: FieldValue;
  error?: string;
  options: FieldOption[];
  /** Label of the empty first option of a select. */
  emptyLabel?: string;
  /** A record field's record type (the value of the field it names); none disables it. */
  recordType?: string;
  /** A search field's search, with what tells its queries apart. */
  search?: { key: string; find(q: string): Promise<SearchItem[]> };
  onChange(value: FieldValue): void;
}

/** A form field. */
export function FormField(
  { id, field, value, error, options, emptyLabel, recordType, search, onChange }: FormFieldProps,
) {
  const label = splitLabel(field.label);
  const describedBy =
    [error ? `${id}-error` : "", field.help ? `${id}-help` : ""].filter(Boolean).join(" ") ||
    undefined;
  const common = {
    id,
    name: field.name,
    "aria-invalid": error !== undefined || undefined,
    "aria-describedby": describedBy,
    "aria-required": isRequired(field) || undefined,
  };
  const labelElement = (
    <label htmlFor={id}>
      {label.text}
      {label.marked ? <span className="required-marker" aria-hidden="true">*</span> : null}
    </label>
  );
  const notes = (
    <>
      {field.help ? <p id={`${id}-help`} className="field-help">{field.help}</p> : null}
      {error ? <p id={`${id}-error`} className="field-error">{error}</p> : null}
    </>
  );
  if (field.kind === "checkbox") {
    return (
      <div className={`field field-checkbox${error ? " has-error" : ""}`}>
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
        {labelElement}
        {notes}
      </div>
    );
  }
  if (field.kind === "checkboxes") {
    const ticked = Array.isArray(value) ? value : [];
    return (
      <fieldset
        className={`field field-checkboxes${error ? " has-error" : ""}`}
        aria-describedby={describedBy}
        aria-invalid={error !== undefined || undefined}
      >
        <legend>
          {label.text}
          {label.marked ? <span className="required-marker" aria-hidden="true">*</span> : null}
        </legend>
        {options.map((o, index) => (
          <div key={o.value} className="field-checkbox">
            <input
              id={`${id}-${index}`}
              name={field.name}
              type="checkbox"
              value={o.value}
              checked={ticked.includes(o.value)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...ticked, o.value] : ticked.filter((v) => v !== o.value),
                )}
            />
            <label htmlFor={`${id}-${index}`}>{o.label}</label>
          </div>
        ))}
        {notes}
      </fieldset>
    );
  }
  const text = typeof value === "string" ? value : "";
  let control;
  if (field.kind === "select") {
    control = (
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">{emptyLabel ?? field.placeholder ?? "Select…"}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    );
  } else if (field.kind === "search" && search !== undefined) {
    control = (
      <SearchInput
        id={id}
        name={field.name}
        searchKey={search.key}
        value={text}
        invalid={error !== undefined}
        describedBy={describedBy}
        required={isRequired(field)}
        placeholder={field.placeholder}
        search={search.find}
        onChange={onChange}
      />
    );
  } else if (field.kind === "image") {
    control = (
      <ImageInput
        id={id}
        value={text}
        label={label.text}
        maxBytes={field.maxBytes}
        tooLarge={field.messages?.max}
        describedBy={describedBy}
        invalid={error !== undefined}
        onChange={onChange}
      />
    );
  } else if (field.kind === "record") {
    control = (
      <RecordPicker
        key={recordType ?? ""}
        id={id}
        recordType={recordType}
        value={text}
        invalid={error !== undefined}
        describedBy={describedBy}
        onChange={onChange}
      />
    );
  } else if (field.kind === "textarea") {
    control = (
      <textarea
        {...common}
        value={text}
        placeholder={field.placeholder}
        rows={4}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type={field.kind}
        value={text}
        placeholder={field.placeholder}
        autoComplete={field.autocomplete}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className={`field${error ? " has-error" : ""}`}>
      {labelElement}
      {control}
      {notes}
    </div>
  );
}

/** A record of the type named, chosen by type-ahead; it keeps the chosen record's title to show. */
function RecordPicker(
  props: {
    id: string;
    recordType: string | undefined;
    value: string;
    invalid: boolean;
    describedBy: string | undefined;
    onChange(value: FieldValue): void;
  },
) {
  const [title, setTitle] = useState<string>();
  return (
    <LinkInput
      id={props.id}
      target={props.recordType ?? ""}
      value={props.value === "" ? null : props.value}
      title={props.value === "" ? undefined : title}
      invalid={props.invalid}
      describedBy={props.describedBy}
      disabled={props.recordType === undefined}
      onChange={(picked, pickedTitle) => {
        setTitle(pickedTitle);
        props.onChange(picked ?? "");
      }}
    />
  );
}

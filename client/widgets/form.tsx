/**
 * A form: fields of the descriptor with client-side checks and its messages (a
 * search field looks its items up as the person types), the server's per-field
 * messages of a 400 answer (`details.fields`) under the fields, and on success a
 * toast, reloaded sources, a shown result and a follow-up action.
 * A `toState` form (filters) puts its values into screen state instead of sending
 * them; a `session` form (sign-in, register) hands its answer to the app.
 * Ctrl+Enter (⌘+Enter) submits from any field, a text area too; a form reset after
 * success puts the cursor back in its first field, ready for the next entry.
 */
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import type { FormField, NodeOf, ValueLabels } from "../../schemas/descriptor/mod.ts";
import { apiRequest } from "../api/api-client.ts";
import { ApiError, isRecord } from "../api/api-error.ts";
import { isSessionAnswer } from "../api/session.ts";
import { useActionHost } from "../renderer/action-host.tsx";
import { readReference } from "../renderer/bindings.ts";
import { labelOf } from "../renderer/formatters.ts";
import { checkField, type FieldValue, submittedValue } from "../renderer/form-validation.ts";
import {
  type Json,
  type SourceView,
  useItem,
  useScreenRuntime,
  type WidgetProps,
} from "../renderer/screen-runtime.tsx";
import { fillPlaceholders, fillRecord } from "../renderer/templates.ts";
import { useRunAction } from "../renderer/use-run-action.ts";
import { asItems, valueAt } from "../renderer/value-path.ts";
import { type FieldOption, FormField as Field } from "../ui/form-field.tsx";
import type { SearchItem } from "../ui/search-input.tsx";

type Values = Record<string, FieldValue>;
type Errors = Record<string, string>;

/** A form. */
export function Form({ node }: WidgetProps<NodeOf<"form">>) {
  const runtime = useScreenRuntime();
  const host = useActionHost();
  const run = useRunAction();
  const enclosingItem = useItem();
  const whole = node.source === undefined ? enclosingItem : runtime.sources[node.source]?.value;
  const record = node.source === undefined ? enclosingItem : valueAt(whole, node.path);
  const [initial] = useState<Values>(() => initialValues(node.fields, record, runtime));
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [result, setResult] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const { submit } = node;

  function change(field: FormField, value: FieldValue): void {
    // A record chosen among the records of a type no longer chosen is cleared with it.
    const cleared = Object.fromEntries(
      node.fields.filter((f) => f.recordTypeField === field.name).map((f) => [f.name, ""]),
    );
    setValues((v) => ({ ...v, ...cleared, [field.name]: value }));
    if (errors[field.name] === undefined) return;
    setErrors(({ [field.name]: _cleared, ...rest }) => {
      const again = checkField(field, value);
      return again === undefined ? rest : { ...rest, [field.name]: again };
    });
  }

  function showErrors(found: Errors): void {
    setErrors(found);
    const first = node.fields.find((f) => found[f.name] !== undefined);
    if (first) (formRef.current?.elements.namedItem(first.name) as HTMLElement | null)?.focus();
  }

  function focusFirstField(): void {
    const first = node.fields[0];
    (formRef.current?.elements.namedItem(first.name) as HTMLElement | null)?.focus();
  }

  function submitOnCtrlEnter(event: KeyboardEvent<HTMLFormElement>): void {
    if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    if (!submitting) formRef.current?.requestSubmit();
  }

  async function send(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setFormError(undefined);
    setResult(undefined);
    const found: Errors = {};
    for (const field of node.fields) {
      const message = checkField(field, values[field.name]);
      if (message !== undefined) found[field.name] = message;
    }
    if (Object.keys(found).length > 0) return showErrors(found);
    const fieldValues: Record<string, Json> = {};
    for (const field of node.fields) {
      fieldValues[field.name] = submittedValue(field, values[field.name]) ?? null;
    }
    if (submit.toState) {
      runtime.setState(fieldValues);
      return;
    }
    if (submit.method === undefined || submit.path === undefined) {
      setFormError("This form has nowhere to send its values.");
      return;
    }
    const sent = Object.fromEntries(Object.entries(fieldValues).filter(([, v]) => v !== null));
    const carried = Object.fromEntries(
      Object.entries(submit.carry ?? {}).map(([key, path]) => [key, valueAt(whole, path)]),
    );
    const scope = {
      params: runtime.params,
      query: runtime.query,
      state: runtime.state,
      item: record,
    };
    const body = {
      ...fillRecord(submit.extra, scope),
      ...carried,
      ...(submit.bodyKey === undefined ? sent : { [submit.bodyKey]: sent }),
    };
    const session = submit.session === true;
    setSubmitting(true);
    let answer: unknown;
    try {
      const path = fillPlaceholders(submit.path, scope);
      answer = await apiRequest(path, { method: submit.method, body, auth: !session });
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error, node.fields);
      if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
      else setFormError(error instanceof Error ? error.message : String(error));
      return;
    } finally {
      setSubmitting(false);
    }
    if (session) {
      if (isSessionAnswer(answer)) await host.startSession(answer);
      else setFormError("The server did not answer with a session.");
      return;
    }
    if (submit.showResult !== undefined) {
      setResult(String(valueAt(answer, submit.showResult.path) ?? ""));
    }
    if (submit.resetOnSuccess) {
      setValues(initial);
      focusFirstField();
    }
    if (submit.successText !== undefined) host.toast(submit.successText, "success");
    if (submit.invalidate !== undefined) runtime.refresh(submit.invalidate);
    if (submit.onSuccess !== undefined) await run(submit.onSuccess, answer);
  }

  return (
    <form
      ref={formRef}
      className={submit.toState ? "form form-filters" : "form"}
      noValidate
      onSubmit={send}
      onKeyDown={submitOnCtrlEnter}
      aria-busy={submitting || undefined}
    >
      {formError
        ? (
          <div className="alert tone-danger" role="alert">
            <p className="alert-text">{formError}</p>
          </div>
        )
        : null}
      {node.fields.map((field) => (
        <Field
          key={field.name}
          id={`${baseId}-${field.name}`}
          field={field}
          value={values[field.name]}
          error={errors[field.name]}
          options={optionsOf(field, runtime.sources)}
          emptyLabel={field.optionsSource?.emptyLabel}
          recordType={field.recordTypeField === undefined
            ? undefined
            : String(values[field.recordTypeField] ?? "") || undefined}
          search={searchOf(field, { params: runtime.params, query: runtime.query })}
          onChange={(value) => change(field, value)}
        />
      ))}
      <button type="submit" className="button button-primary form-submit" disabled={submitting}>
        {submit.label}
      </button>
      {result !== undefined && submit.showResult
        ? (
          <div className="form-result" role="status">
            <span className="form-result-label">{submit.showResult.label}</span>
            <code className="form-result-value">{result}</code>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() =>
                void navigator.clipboard?.writeText(result).then(() =>
                  host.toast("Copied", "success")
                )}
            >
              Copy
            </button>
          </div>
        )
        : null}
    </form>
  );
}

function initialValues(
  fields: FormField[],
  record: unknown,
  runtime: { sources: Readonly<Record<string, SourceView>>; state: Readonly<Record<string, Json>> },
): Values {
  const values: Values = {};
  for (const field of fields) {
    const fromRecord = valueAt(record, field.name);
    const initial = field.initial;
    const raw = fromRecord !== undefined && fromRecord !== null
      ? fromRecord
      : typeof initial === "object" && initial !== null
      ? readReference(initial, { sources: runtime.sources, item: record })
      : initial;
    values[field.name] = field.kind === "checkbox"
      ? raw === true
      : field.kind === "checkboxes"
      ? (Array.isArray(raw) ? raw.map(String) : [])
      : raw === undefined || raw === null
      ? ""
      : String(raw);
  }
  return values;
}

/** A search field's search: its path filled in, the text typed sent as `q`. */
function searchOf(
  field: FormField,
  scope: Parameters<typeof fillPlaceholders>[1],
): { key: string; find(q: string): Promise<SearchItem[]> } | undefined {
  if (field.kind !== "search" || field.search === undefined) return undefined;
  const path = fillPlaceholders(field.search.path, scope);
  return {
    key: path,
    async find(q) {
      const answer = await apiRequest(
        `${path}${path.includes("?") ? "&" : "?"}q=${encodeURIComponent(q)}`,
      );
      return asItems(valueAt(answer, "items")).flatMap((item) =>
        isRecord(item) && typeof item.id === "string"
          ? [{
            id: item.id,
            title: String(item.title ?? item.id),
            ...(typeof item.description === "string" ? { description: item.description } : {}),
          }]
          : []
      );
    },
  };
}

function optionsOf(field: FormField, sources: Readonly<Record<string, SourceView>>): FieldOption[] {
  if (field.options !== undefined) return field.options;
  const from = field.optionsSource;
  if (from === undefined) return [];
  return asItems(valueAt(sources[from.source]?.value, from.path)).map((item) => ({
    value: String((from.value === undefined ? item : valueAt(item, from.value)) ?? ""),
    label: labelText(from.label === undefined ? item : valueAt(item, from.label), from.labels),
  }));
}

/** An option's text: an enumerated value by its label. */
function labelText(raw: unknown, labels: Readonly<ValueLabels> | undefined): string {
  return (labels ? labelOf(raw, labels) : undefined) ?? String(raw ?? "");
}

/** Per-field messages of a 400 answer whose details are `{ fields: { name: message } }`. */
function fieldErrorsOf(error: unknown, fields: FormField[]): Errors {
  if (!(error instanceof ApiError) || error.status !== 400 || !isRecord(error.details)) return {};
  const given = error.details.fields;
  if (!isRecord(given)) return {};
  const errors: Errors = {};
  for (const field of fields) {
    const message = given[field.name];
    if (typeof message === "string") errors[field.name] = message;
    else if (Array.isArray(message) && typeof message[0] === "string") {
      errors[field.name] = message[0];
    }
  }
  return errors;
}

/**
 * What a list offers for its selected rows: change one field on all of them
 * ("Bulk edit"), or take one of the type's actions on all of them (with the
 * comment the action asks for), then a summary
 * of the per-record results (how many succeeded, and why each failure failed).
 */
import { type FormEvent, useState } from "react";
import type { ActionMeta, FieldMeta } from "../../schemas/records/meta.ts";
import { ApiError } from "../api/api-error.ts";
import type { ExternalOptions } from "./field-display.tsx";
import { FieldInput } from "./field-input.tsx";
import { type BulkAnswer, bulkChange } from "./record-api.ts";
import { ActionCommentDialog, takesComment } from "./action-comment.tsx";

/** Props of the bulk bar. */
export interface BulkBarProps {
  api: string;
  ids: string[];
  /** Row titles by id, to name failures. */
  names: Readonly<Record<string, string>>;
  editable: readonly FieldMeta[];
  actions: readonly ActionMeta[];
  external?: ExternalOptions;
  confirm(text: string): boolean | Promise<boolean>;
  onDone(): void;
  onClear(): void;
}

/** The bulk bar. */
export function BulkBar(props: BulkBarProps) {
  const { api, ids, editable } = props;
  const [editing, setEditing] = useState(false);
  const [fieldId, setFieldId] = useState(editable[0]?.id ?? "");
  const [value, setValue] = useState<unknown>(null);
  // A link's chosen record is shown by its title, not its id.
  const [title, setTitle] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkAnswer>();
  const [error, setError] = useState<string>();
  const [asking, setAsking] = useState<ActionMeta>();
  const field = editable.find((f) => f.id === fieldId);

  async function send(
    body: { values: Record<string, unknown> } | { action: string; comment?: string },
  ) {
    setBusy(true);
    setError(undefined);
    try {
      setResult(await bulkChange(api, { ids, ...body }));
      setEditing(false);
      props.onDone();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  function applyEdit(event: FormEvent): void {
    event.preventDefault();
    if (field === undefined) return;
    void send({ values: { [field.id]: field.type === "check" ? value === true : value } });
  }

  return (
    <div className="bulk-bar" role="region" aria-label="Selected records">
      <div className="bulk-bar-row">
        <strong>{ids.length} selected</strong>
        {editable.length > 0
          ? (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-expanded={editing}
              onClick={() => setEditing((e) => !e)}
            >
              Bulk edit
            </button>
          )
          : null}
        {props.actions.map((action) => (
          <button
            key={action.id}
            type="button"
            className={`button button-small ${
              action.tone === "danger" ? "button-danger" : "button-secondary"
            }`}
            disabled={busy}
            onClick={async () => {
              if (takesComment(action)) return setAsking(action);
              const question = action.confirm ?? `${action.label} ${ids.length} records?`;
              if (await props.confirm(question)) await send({ action: action.id });
            }}
          >
            {action.label}
          </button>
        ))}
        <button type="button" className="button button-ghost button-small" onClick={props.onClear}>
          Clear selection
        </button>
      </div>
      {editing
        ? (
          <form className="bulk-edit" onSubmit={applyEdit} aria-label="Bulk edit">
            <label>
              Field
              <select
                value={fieldId}
                onChange={(e) => {
                  setFieldId(e.target.value);
                  setValue(null);
                  setTitle(undefined);
                }}
              >
                {editable.map((f) => <option key={f.id} value={f.id}>{f.label}</option>)}
              </select>
            </label>
            {field
              ? (
                <FieldInput
                  key={field.id}
                  field={field}
                  label="New value"
                  value={value}
                  title={title}
                  external={props.external}
                  onChange={(v, linkTitle) => {
                    setValue(v);
                    setTitle(linkTitle);
                  }}
                />
              )
              : null}
            <button type="submit" className="button button-primary button-small" disabled={busy}>
              Apply to {ids.length} records
            </button>
          </form>
        )
        : null}
      {error ? <p className="field-error" role="alert">{error}</p> : null}
      {result ? <BulkSummary result={result} names={props.names} /> : null}
      {asking
        ? (
          <ActionCommentDialog
            action={{ ...asking, label: `${asking.label} ${ids.length} records` }}
            onClose={() => setAsking(undefined)}
            onSend={(comment) => {
              const action = asking.id;
              setAsking(undefined);
              void send(comment === undefined ? { action } : { action, comment });
            }}
          />
        )
        : null}
    </div>
  );
}

function BulkSummary(
  { result, names }: { result: BulkAnswer; names: Readonly<Record<string, string>> },
) {
  const failures = result.results.filter((r) => !r.ok);
  return (
    <div className="bulk-summary" role="status">
      <p>
        {result.succeeded} updated, {result.failed} failed
      </p>
      {failures.length > 0
        ? (
          <ul>
            {failures.slice(0, 50).map((r) => (
              <li key={r.id}>
                {names[r.id] ?? r.id}: {r.error?.message ?? "Failed"}
              </li>
            ))}
          </ul>
        )
        : null}
    </div>
  );
}

/**
 * What a list offers for its selected rows: change one field on all of them
 * ("Bulk edit"), or take one of the type's actions on all of them (with the
 * comment the action asks for). No field is chosen for the person: a bulk edit
 * renames nothing by default. A dangerous edit — more than `DANGEROUS_COUNT`
 * records, or the records' titles — asks first, with the count. The result is a
 * toast ("12 updated, 1 failed: …"), and a bulk edit's toast offers Undo while the
 * server keeps what it changed; the failures stay listed under the bar.
 */
import { type FormEvent, useState } from "react";
import type { Tone } from "../../schemas/descriptor/mod.ts";
import type { ActionMeta, FieldMeta, RecordTypeMeta } from "../../schemas/records/meta.ts";
import { BULK_UNDO_SECONDS } from "../../schemas/records/api.ts";
import { nounOf } from "../../schemas/records/wording.ts";
import { ApiError } from "../api/api-error.ts";
import type { Confirmation } from "../shell/confirm-dialog.tsx";
import type { ToastOptions } from "../shell/toasts.tsx";
import type { ExternalOptions } from "./field-display.tsx";
import { FieldInput } from "./field-input.tsx";
import { type BulkAnswer, bulkChange, undoBulkEdit } from "./record-api.ts";
import { ActionCommentDialog, takesComment } from "./action-comment.tsx";
import { bulkNotice, type Notice } from "./record-notices.ts";

/** More records than this in one bulk edit asks first. */
export const DANGEROUS_COUNT = 10;

/**
 * How long a bulk edit's toast offers Undo: half the time the server keeps the
 * edit, so an Undo pressed at the last moment still arrives in time.
 */
export const UNDO_OFFER_MS = (BULK_UNDO_SECONDS * 1000) / 2;

/** Props of the bulk bar. */
export interface BulkBarProps {
  api: string;
  meta: RecordTypeMeta;
  ids: string[];
  /** Row titles by id, to name failures. */
  names: Readonly<Record<string, string>>;
  editable: readonly FieldMeta[];
  actions: readonly ActionMeta[];
  external?: ExternalOptions;
  confirm(confirmation: Confirmation): boolean | Promise<boolean>;
  toast(text: string, tone?: Tone, options?: ToastOptions): void;
  onDone(): void;
  onClear(): void;
}

/** The bulk bar. */
export function BulkBar(props: BulkBarProps) {
  const { api, ids, editable, meta } = props;
  const [editing, setEditing] = useState(false);
  const [fieldId, setFieldId] = useState("");
  const [value, setValue] = useState<unknown>(null);
  // A link's chosen record is shown by its title, not its id.
  const [title, setTitle] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkAnswer>();
  const [error, setError] = useState<string>();
  const [asking, setAsking] = useState<ActionMeta>();
  const field = editable.find((f) => f.id === fieldId);
  const things = nounOf(ids.length === 1 ? meta.label : meta.plural);
  const names = Object.fromEntries(
    Object.entries(props.names).map(([id, name]) => [id, `${meta.label} ${name}`]),
  );
  const tell = (notice: Notice) => props.toast(notice.text, notice.tone, notice.options);

  async function send(
    body: { values: Record<string, unknown> } | { action: string; comment?: string },
    done: string,
  ) {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await bulkChange(api, { ids, ...body });
      setResult(answer);
      setEditing(false);
      const notice = bulkNotice(answer, { done, names });
      tell(
        answer.undo
          ? { ...notice, options: { ...undoOffer(answer.undo.id), ...notice.options } }
          : notice,
      );
      props.onDone();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  function undoOffer(edit: string): ToastOptions {
    return {
      durationMs: UNDO_OFFER_MS,
      action: {
        label: "Undo",
        run: () => {
          void undoBulkEdit(api, edit).then(
            (undone) => {
              setResult(undefined);
              tell(bulkNotice(undone, { done: "restored", failed: "kept" }));
              props.onDone();
            },
            (caught) =>
              props.toast(caught instanceof Error ? caught.message : String(caught), "danger"),
          );
        },
      },
    };
  }

  async function applyEdit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (field === undefined) return;
    const renames = field.id === meta.title_field;
    if (renames || ids.length > DANGEROUS_COUNT) {
      const verb = renames ? "Rename" : "Change";
      const asked = await props.confirm({
        question: `${verb} ${field.label} on ${ids.length.toLocaleString("en-US")} ${things}?`,
        confirmLabel: `${verb} ${ids.length.toLocaleString("en-US")} ${things}`,
        keepLabel: "Go back",
        tone: "danger",
      });
      if (!asked) return;
    }
    await send(
      { values: { [field.id]: field.type === "check" ? value === true : value } },
      "updated",
    );
  }

  function bulkWords(text: string | undefined, fallback: string): string {
    return (text ?? fallback).replace("{count}", ids.length.toLocaleString("en-US"));
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
              const many = {
                ...action,
                confirm: bulkWords(action.bulk_confirm, `${action.label}: {count} ${things}?`),
                confirm_label: bulkWords(action.bulk_label, `${action.label}: {count}`),
              };
              if (takesComment(action)) return setAsking(many);
              const asked = await props.confirm({
                question: many.confirm,
                confirmLabel: many.confirm_label,
                keepLabel: action.keep_label ?? "Go back",
                tone: action.tone === "danger" ? "danger" : "primary",
              });
              if (asked) await send({ action: action.id }, action.done ?? "done");
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
          <form className="bulk-edit" onSubmit={(e) => void applyEdit(e)} aria-label="Bulk edit">
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
                <option value="" disabled>Choose a field…</option>
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
            <button
              type="submit"
              className="button button-primary button-small"
              disabled={busy || field === undefined}
            >
              Apply to {ids.length} {things}
            </button>
          </form>
        )
        : null}
      {error ? <p className="field-error" role="alert">{error}</p> : null}
      {result && result.failed > 0 ? <BulkFailures result={result} names={names} /> : null}
      {asking
        ? (
          <ActionCommentDialog
            action={asking}
            onClose={() => setAsking(undefined)}
            onSend={(comment) => {
              const action = asking;
              setAsking(undefined);
              void send(
                comment === undefined ? { action: action.id } : { action: action.id, comment },
                action.done ?? "done",
              );
            }}
          />
        )
        : null}
    </div>
  );
}

/** Why each record of a bulk run failed, by its name. */
function BulkFailures(
  { result, names }: { result: BulkAnswer; names: Readonly<Record<string, string>> },
) {
  const failures = result.results.filter((r) => !r.ok);
  return (
    <div className="bulk-summary">
      <p>{result.failed.toLocaleString("en-US")} could not be changed:</p>
      <ul>
        {failures.slice(0, 50).map((r) => (
          <li key={r.id}>
            {names[r.id] ?? r.id}: {r.error?.message ?? "Failed"}
          </li>
        ))}
      </ul>
    </div>
  );
}

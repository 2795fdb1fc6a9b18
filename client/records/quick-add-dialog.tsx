/**
 * A record of another type started from a saved record's form (Remind me): its
 * button, and a small dialog asking for the fields the descriptor names, drawn
 * with the form's own inputs and labels. It creates the record with what the
 * person entered (a field left empty takes its default) and the values that
 * name the record on the form; the server's field errors show under their
 * fields, any other refusal above the buttons, and once created a toast says so.
 */
import { type FormEvent, useId, useState } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { ApiError } from "../api/api-error.ts";
import { Modal } from "../ui/modal.tsx";
import { FieldInput } from "./field-input.tsx";
import { createRecord } from "./record-api.ts";
import { fieldErrorsOf } from "./use-record-editor.ts";

/** One quick add, as the form's descriptor gives it. */
export type QuickAdd = NonNullable<NodeOf<"record-form">["quickAdds"]>[number];

/** Props of the quick add buttons. */
export interface QuickAddButtonsProps {
  quickAdds: readonly QuickAdd[];
  /** The values naming the record on the form, templates filled in, by quick add id. */
  values(quickAdd: QuickAdd): Record<string, unknown>;
  disabled?: boolean;
  onCreated(quickAdd: QuickAdd): void;
}

/** A button per quick add, each opening its dialog. */
export function QuickAddButtons({ quickAdds, values, disabled, onCreated }: QuickAddButtonsProps) {
  const [open, setOpen] = useState<QuickAdd>();
  return (
    <>
      {quickAdds.map((quickAdd) => (
        <button
          key={`quick-${quickAdd.id}`}
          type="button"
          className="button button-secondary"
          disabled={disabled}
          onClick={() => setOpen(quickAdd)}
        >
          {quickAdd.label}
        </button>
      ))}
      {open
        ? (
          <QuickAddDialog
            quickAdd={open}
            values={values(open)}
            onClose={() => setOpen(undefined)}
            onCreated={() => {
              setOpen(undefined);
              onCreated(open);
            }}
          />
        )
        : null}
    </>
  );
}

/** The dialog of one quick add. */
export function QuickAddDialog(
  { quickAdd, values, onClose, onCreated }: {
    quickAdd: QuickAdd;
    values: Record<string, unknown>;
    onClose(): void;
    onCreated(): void;
  },
) {
  const baseId = useId();
  const [entered, setEntered] = useState<Record<string, unknown>>({});
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string>();
  const [sending, setSending] = useState(false);
  const fields = quickAdd.fields.flatMap((id) => {
    const field = quickAdd.meta.fields.find((f) => f.id === id);
    return field ? [field] : [];
  });

  async function send(event: FormEvent): Promise<void> {
    event.preventDefault();
    setSending(true);
    setRefusal(undefined);
    const given = Object.fromEntries(
      Object.entries(entered).filter(([, v]) => v !== null && v !== undefined && v !== ""),
    );
    try {
      await createRecord(quickAdd.api, { ...given, ...values });
      onCreated();
    } catch (error) {
      const found = error instanceof ApiError ? fieldErrorsOf(error) ?? {} : {};
      const shown = Object.fromEntries(
        Object.entries(found).filter(([id]) => quickAdd.fields.includes(id)),
      );
      setErrors(shown);
      const others = Object.entries(found).filter(([id]) => !quickAdd.fields.includes(id));
      if (Object.keys(shown).length === 0 || others.length > 0) {
        setRefusal(
          others.length > 0
            ? others.map(([, message]) => message).join(" ")
            : error instanceof Error
            ? error.message
            : String(error),
        );
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal title={quickAdd.label} onClose={onClose}>
      <form className="form quick-add-form" noValidate onSubmit={(e) => void send(e)}>
        {fields.map((field) => {
          const inputId = `${baseId}-${field.id}`;
          const error = errors[field.id];
          const errorId = error ? `${inputId}-error` : undefined;
          return (
            <div
              key={field.id}
              className={`field record-field record-field-${field.type}${
                error ? " has-error" : ""
              }`}
            >
              <label htmlFor={inputId}>
                {field.label}
                {field.required && field.default === undefined
                  ? <span className="required-marker" aria-hidden="true">*</span>
                  : null}
              </label>
              <FieldInput
                id={inputId}
                field={field}
                value={entered[field.id] ?? null}
                title={titles[field.id]}
                invalid={error !== undefined}
                describedBy={errorId}
                required={field.required}
                onChange={(value, title) => {
                  setEntered((was) => ({ ...was, [field.id]: value }));
                  if (title !== undefined) setTitles((was) => ({ ...was, [field.id]: title }));
                  setErrors(({ [field.id]: _, ...rest }) => rest);
                }}
              />
              {field.description ? <p className="field-help">{field.description}</p> : null}
              {error ? <p id={errorId} className="field-error">{error}</p> : null}
            </div>
          );
        })}
        {refusal
          ? (
            <div className="alert tone-danger" role="alert">
              <p className="alert-text">{refusal}</p>
            </div>
          )
          : null}
        <div className="modal-actions">
          <button type="submit" className="button button-primary" disabled={sending}>
            {sending ? "Saving…" : quickAdd.label}
          </button>
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

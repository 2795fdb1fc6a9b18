/**
 * The look-alikes a new record's check found, above its form: each existing
 * record named and linked, with the choice to create the new one anyway or to
 * go back and change it.
 */
import { Link } from "react-router-dom";
import type { PendingCreate } from "./use-record-editor.ts";

/** The warning of a create held back by look-alikes. */
export function CreateWarnings(
  { label, pending, onCreate, onCancel }: {
    label: string;
    pending: PendingCreate;
    onCreate(again: boolean): void;
    onCancel(): void;
  },
) {
  return (
    <div className="alert tone-warning record-create-warnings" role="alert">
      <p className="alert-text">
        This {label.toLowerCase()} may already exist. Open the existing record, or create it anyway.
      </p>
      <ul className="record-create-warnings-list">
        {pending.warnings.map((warning, index) => (
          <li key={index}>
            {warning.text}
            {warning.link
              ? (
                <>
                  {" — "}
                  <Link to={warning.link.to}>{warning.link.label}</Link>
                </>
              )
              : null}
          </li>
        ))}
      </ul>
      <div className="record-create-warnings-actions">
        <button
          type="button"
          className="button button-primary button-small"
          onClick={() => onCreate(pending.again)}
        >
          Create anyway
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onCancel}>
          Go back
        </button>
      </div>
    </div>
  );
}

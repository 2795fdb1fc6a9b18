/**
 * Importing a CSV file into a list: the file is checked first (a dry run that
 * stores nothing and reports each bad row by line and field), then imported when
 * the user confirms.
 */
import { useState } from "react";
import { ApiError } from "../api/api-error.ts";
import { Modal } from "../ui/modal.tsx";
import { type ImportAnswer, importCsv } from "./record-api.ts";

/** The import dialog. */
export function ImportDialog(
  { api, plural, onClose, onImported }: {
    api: string;
    plural: string;
    onClose(): void;
    onImported(answer: ImportAnswer): void;
  },
) {
  const [file, setFile] = useState<File>();
  const [check, setCheck] = useState<ImportAnswer>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function run(dryRun: boolean): Promise<void> {
    if (file === undefined) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await importCsv(api, file, dryRun);
      if (dryRun) setCheck(answer);
      else if (answer.failed.length > 0) setCheck(answer);
      else onImported(answer);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={`Import ${plural}`} onClose={onClose}>
      <div className="import-dialog">
        <label className="field">
          CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0]);
              setCheck(undefined);
            }}
          />
        </label>
        {error ? <p className="field-error" role="alert">{error}</p> : null}
        {check ? <ImportCheck answer={check} /> : null}
        <div className="modal-actions">
          {check === undefined || check.failed.length > 0
            ? (
              <button
                type="button"
                className="button button-primary"
                disabled={file === undefined || busy}
                onClick={() => void run(true)}
              >
                Check file
              </button>
            )
            : (
              <button
                type="button"
                className="button button-primary"
                disabled={busy}
                onClick={() => void run(false)}
              >
                Import {check.created + check.updated} rows
              </button>
            )}
          <button type="button" className="button button-ghost" onClick={onClose}>Cancel</button>
        </div>
      </div>
    </Modal>
  );
}

function ImportCheck({ answer }: { answer: ImportAnswer }) {
  if (answer.failed.length === 0) {
    return (
      <p role="status">
        Ready: {answer.created} to create, {answer.updated} to update.
      </p>
    );
  }
  return (
    <div role="status" className="import-errors">
      <p>{answer.failed.length} problems found; nothing was imported.</p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Field</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {answer.failed.slice(0, 200).map((f, i) => (
            <tr key={i}>
              <td>{f.line}</td>
              <td>{f.field ?? "—"}</td>
              <td>{f.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Importing a CSV file into a list: what the file takes is said first (a template
 * to download, and the columns with whether each is required, its format and the
 * values a choice accepts); the file is checked (a dry run that stores nothing and
 * reports each bad row by line and by the file's own column heading), the failed
 * rows can be downloaded with an "Error" column to fix them, and the file is
 * imported when the user confirms.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../api/api-error.ts";
import { Modal } from "../ui/modal.tsx";
import {
  type ImportAnswer,
  importColumns,
  type ImportColumnsAnswer,
  importCsv,
  importTemplate,
} from "./record-api.ts";
import { recordKeys } from "./record-keys.ts";

/** A file name's stem from the list's name ("Leads" → "leads"). */
function stemOf(plural: string): string {
  return plural.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "records";
}

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
  const columns = useQuery({
    queryKey: recordKeys.importColumns(api),
    queryFn: () => importColumns(api),
    staleTime: 5 * 60_000,
  });

  async function downloadTemplate(): Promise<void> {
    setError(undefined);
    try {
      const blob = await importTemplate(api);
      // Loaded when first used, as the list's export loads it.
      const { saveBlob } = await import("../renderer/download.ts");
      saveBlob(`${stemOf(plural)}-import-template.csv`, blob);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  }

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
        <div className="import-help">
          <p>
            Use the template: its first row holds the column headings, the second an example to
            replace.
          </p>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void downloadTemplate()}
          >
            Download template
          </button>
          {columns.data ? <ImportColumns columns={columns.data.columns} /> : null}
        </div>
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
        {check ? <ImportCheck answer={check} fileStem={stemOf(plural)} /> : null}
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

/** The columns an import takes, folded away until asked for. */
function ImportColumns({ columns }: { columns: ImportColumnsAnswer["columns"] }) {
  return (
    <details className="import-columns">
      <summary>Columns ({columns.length})</summary>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Required</th>
            <th scope="col">Format</th>
            <th scope="col">Accepted values</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((c) => (
            <tr key={c.field}>
              <th scope="row">{c.heading}</th>
              <td>{c.required ? "Required" : "Optional"}</td>
              <td>{c.format}</td>
              <td>{c.accepted?.join(", ") ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Offers the failed rows as a CSV file with an "Error" column, to fix and import again. */
async function downloadFailedRows(answer: ImportAnswer, fileStem: string): Promise<void> {
  // Loaded when first used, as the list's export loads its CSV writer.
  const [{ failedRowsCsv }, { saveFile }] = await Promise.all([
    import("./failed-rows.ts"),
    import("../renderer/download.ts"),
  ]);
  const text = failedRowsCsv(answer);
  if (text !== undefined) saveFile(`${fileStem}-failed-rows.csv`, text, "text/csv");
}

function ImportCheck({ answer, fileStem }: { answer: ImportAnswer; fileStem: string }) {
  if (answer.failed.length === 0) {
    return (
      <p role="status">
        Ready: {answer.created} to create, {answer.updated} to update.
      </p>
    );
  }
  const canDownload = answer.failed_rows.length > 0 && answer.header.length > 0;
  const problems = answer.failed.length;
  return (
    <div role="status" className="import-errors">
      <p>
        {problems} {problems === 1 ? "problem" : "problems"} found in {answer.failed_rows.length}
        {" "}
        {answer.failed_rows.length === 1 ? "row" : "rows"}; nothing was imported.
      </p>
      {canDownload
        ? (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void downloadFailedRows(answer, fileStem)}
          >
            Download failed rows
          </button>
        )
        : null}
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {answer.failed.slice(0, 200).map((f, i) => (
            <tr key={i}>
              <td>{f.line}</td>
              <td>{f.column ?? "—"}</td>
              <td>{f.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

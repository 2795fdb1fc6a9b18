/**
 * An attach field: choose a file, which is uploaded at once (the field then holds
 * the stored file's id, saved with the record), and download the saved record's
 * file. The server serves a file only to callers who may read its record.
 */
import { useState } from "react";
import { ApiError } from "../api/api-error.ts";
import { downloadFile, uploadFile } from "./record-api.ts";

/** Props of an attach field's control. */
export interface AttachInputProps {
  api: string;
  /** The saved record's id (downloads need one). */
  recordId: string | null;
  fieldId: string;
  /** A child row's id, when the field is a column of a child table (`fieldId` `lines.receipt`). */
  rowId?: string;
  inputId?: string;
  /** The control's accessible name (a grid cell's "Receipt row 2"). */
  label?: string;
  invalid?: boolean;
  value: unknown;
  /** The chosen file's name, once uploaded in this form. */
  title?: string;
  disabled?: boolean;
  describedBy?: string;
  onChange(value: string | null, title?: string): void;
}

/** Offers bytes as a download under a name. */
function offer(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The control. */
export function AttachInput(props: AttachInputProps) {
  const [state, setState] = useState<"idle" | "uploading" | "downloading">("idle");
  const [problem, setProblem] = useState<string>();
  const hasFile = typeof props.value === "string" && props.value !== "";
  const shown = props.title ?? (hasFile ? "A file is attached" : "No file");

  async function choose(file: File | undefined) {
    if (!file) return;
    setProblem(undefined);
    setState("uploading");
    try {
      const stored = await uploadFile(props.api, file);
      props.onChange(stored.id, stored.name);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "The file could not be uploaded");
    } finally {
      setState("idle");
    }
  }

  async function download() {
    if (!props.recordId) return;
    setProblem(undefined);
    setState("downloading");
    try {
      offer(
        await downloadFile(props.api, props.recordId, props.fieldId, props.rowId),
        props.title ?? "file",
      );
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "The file could not be downloaded");
    } finally {
      setState("idle");
    }
  }

  return (
    <div className="attach-input">
      <output className="attach-name" aria-live="polite">
        {state === "uploading" ? "Uploading…" : shown}
      </output>
      {props.disabled ? null : (
        <input
          id={props.inputId}
          type="file"
          aria-label={props.label}
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
          disabled={state !== "idle"}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      )}
      {hasFile && props.recordId && !props.title
        ? (
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={state !== "idle"}
            aria-label={props.label ? `Download ${props.label}` : undefined}
            onClick={() => void download()}
          >
            Download
          </button>
        )
        : null}
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
    </div>
  );
}

/**
 * The report builder widget: the controls beside a preview that follows every
 * change (the engine's query call, a moment after the last change), then Save,
 * Save a copy and Download. A saved report opens from its route; one shared with
 * the caller opens for them to explore and copy, computed with their own
 * permissions. A group's row drills down to its records, and back. A saved report
 * is pinned to a dashboard of the caller's own.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { NodeOf } from "../../../schemas/descriptor/mod.ts";
import type { QueryResponse } from "../../../schemas/records/query.ts";
import { apiNamedFile, apiRequest } from "../../api/api-client.ts";
import { useActionHost } from "../../renderer/action-host.tsx";
import { useScreenRuntime, type WidgetProps } from "../../renderer/screen-runtime.tsx";
import { fillTemplate } from "../../renderer/templates.ts";
import { createRecord, getRecord, recordMeta, updateRecord } from "../../records/record-api.ts";
import { recordKeys } from "../../records/record-keys.ts";
import { fieldsOf } from "./report-columns.ts";
import {
  draftOfReport,
  drillFilters,
  newDraft,
  queryOf,
  type ReportDraft,
  valuesOf,
} from "./report-draft.ts";
import { ReportEditor } from "./report-editor.tsx";
import { ReportPreview } from "./report-preview.tsx";
import { PinDialog } from "../dashboard/pin-dialog.tsx";
import { ReportSchedule } from "./report-schedule.tsx";

/** The value after it has stopped changing (by its JSON text) for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const latest = useRef(value);
  latest.current = value;
  const text = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(latest.current), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The report builder. */
export function ReportBuilder({ node }: WidgetProps<NodeOf<"report-builder">>) {
  const runtime = useScreenRuntime();
  const host = useActionHost();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reports = node.reportsPath;
  const [pinning, setPinning] = useState(false);
  const raw = node.reportId === undefined ? null : fillTemplate(node.reportId, runtime);
  const reportId = typeof raw === "string" && raw !== "" ? raw : null;
  const saved = useQuery({
    queryKey: recordKeys.record(reports, reportId),
    queryFn: () => getRecord(reports, reportId!),
    enabled: reportId !== null,
  });
  const [draft, setDraft] = useState<ReportDraft | null>(
    reportId === null ? newDraft(node.types[0]?.id ?? "") : null,
  );
  const [beforeDrill, setBeforeDrill] = useState<ReportDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (saved.data && draft === null) setDraft(draftOfReport(saved.data.record));
  }, [saved.data, draft]);
  const owned = reportId === null || (saved.data !== undefined && !saved.data.read_only_reason);
  const api = `/api/records/${draft?.recordType ?? ""}`;
  const meta = useQuery({
    queryKey: recordKeys.meta(api),
    queryFn: () => recordMeta(api),
    enabled: draft !== null && draft.recordType !== "",
    staleTime: 5 * 60_000,
  });
  const reportsMeta = useQuery({
    queryKey: recordKeys.meta(reports),
    queryFn: () => recordMeta(reports),
    staleTime: 5 * 60_000,
  });
  const roles = reportsMeta.data?.options.role ?? [];
  const query = useSettled(draft ? queryOf(draft) : null, 250);
  const result = useQuery({
    queryKey: ["report-preview", draft?.recordType, query],
    queryFn: () => apiRequest<QueryResponse>(`${api}/query`, { method: "POST", body: query }),
    enabled: query !== null && meta.data !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });

  if (reportId !== null && saved.error) {
    return <p className="alert tone-danger" role="alert">{messageOf(saved.error)}</p>;
  }
  if (draft === null) return <p className="report-loading">Loading the report…</p>;
  if (node.types.length === 0) {
    return <p className="empty-state-text">You may not read any records to report on.</p>;
  }
  const fields = meta.data ? fieldsOf(meta.data.meta, meta.data.options) : [];
  const change = (next: Partial<ReportDraft>) => {
    setProblem(undefined);
    setDraft({ ...draft, ...next });
  };
  const typeLabel = node.types.find((t) => t.id === draft.recordType)?.label ?? draft.recordType;
  const title = draft.title.trim() || `${typeLabel} report`;

  async function save(copy: boolean): Promise<void> {
    if (draft === null) return;
    if (draft.title.trim() === "") {
      setProblem("Give the report a name before saving it");
      return;
    }
    setSaving(true);
    setProblem(undefined);
    try {
      // A copy of one's own report is named so; a copy of a shared one keeps its name.
      const values = valuesOf(
        copy && owned ? { ...draft, title: `Copy of ${draft.title.trim()}` } : draft,
      );
      if (reportId !== null && owned && !copy) {
        const version = Number(saved.data?.record.version);
        await updateRecord(reports, reportId, version, values);
        await queryClient.invalidateQueries({ queryKey: recordKeys.all(reports) });
        host.toast(`Saved "${draft.title.trim()}"`, "success");
      } else {
        const { record } = await createRecord(reports, values);
        await queryClient.invalidateQueries({ queryKey: recordKeys.all(reports) });
        host.toast(`Saved "${String(record.title)}"`, "success");
        navigate(node.reportRoute.replace("{id}", encodeURIComponent(String(record.id))), {
          replace: reportId === null,
        });
      }
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setSaving(false);
    }
  }

  async function download(): Promise<void> {
    try {
      const { blob, name } = await apiNamedFile(
        `${reports}/${encodeURIComponent(reportId!)}/export`,
      );
      const { saveBlob } = await import("../../renderer/download.ts");
      saveBlob(name ?? "report.csv", blob);
    } catch (error) {
      host.toast(messageOf(error), "danger");
    }
  }

  const drill = (row: Record<string, unknown>) => {
    setBeforeDrill(draft);
    change({
      shape: "records",
      columns: [],
      filters: [...draft.filters, ...drillFilters(draft, row)],
    });
  };

  return (
    <div className="report-builder">
      <div className="report-builder-head">
        <label className="field report-title">
          <span>Name</span>
          <input
            value={draft.title}
            placeholder={`${typeLabel} report`}
            onChange={(e) => change({ title: e.target.value })}
            maxLength={140}
          />
        </label>
        <div className="report-buttons">
          {owned
            ? (
              <button
                type="button"
                className="button button-primary"
                disabled={saving}
                onClick={() => save(false)}
              >
                {saving ? "Saving…" : "Save"}
              </button>
            )
            : null}
          {reportId !== null
            ? (
              <button
                type="button"
                className="button button-secondary"
                disabled={saving}
                onClick={() => save(true)}
              >
                Save a copy
              </button>
            )
            : null}
          {reportId !== null
            ? (
              <button type="button" className="button button-secondary" onClick={download}>
                Download CSV
              </button>
            )
            : null}
          {reportId !== null
            ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setPinning(true)}
              >
                Pin to dashboard
              </button>
            )
            : null}
        </div>
      </div>
      {!owned && saved.data?.read_only_reason
        ? (
          <p className="report-note">
            Shared with you. {saved.data.read_only_reason}; save a copy to keep your changes.
          </p>
        )
        : null}
      {problem ? <p className="alert tone-danger" role="alert">{problem}</p> : null}
      {pinning && reportId !== null
        ? (
          <PinDialog
            calls={node.pin}
            report={reportId}
            title={saved.data ? String(saved.data.record.name ?? title) : title}
            onClose={() => setPinning(false)}
          />
        )
        : null}
      {reportId !== null ? <ReportSchedule reportId={reportId} setup={node.subscriptions} /> : null}
      <div className="report-builder-body">
        <ReportEditor
          draft={draft}
          change={change}
          types={node.types}
          fields={fields}
          charts={node.charts}
          sharing={node.sharing}
          roles={roles}
          owned={owned}
        />
        <section className="report-preview" aria-label="Preview" aria-busy={result.isFetching}>
          {beforeDrill
            ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setDraft(beforeDrill);
                  setBeforeDrill(null);
                }}
              >
                Back to the groups
              </button>
            )
            : null}
          <h2 className="report-preview-title">{title}</h2>
          {result.error
            ? <p className="alert tone-danger" role="alert">{messageOf(result.error)}</p>
            : result.data
            ? (
              <ReportPreview
                draft={draft}
                fields={fields}
                listColumns={meta.data?.meta.list.columns ?? []}
                rows={result.data.rows}
                more={result.data.more}
                chartLabel={title}
                drill={drill}
              />
            )
            : <p className="report-loading">Loading…</p>}
        </section>
      </div>
    </div>
  );
}

/**
 * A record's form (or, in `read` mode, its read-only detail), laid out from its
 * type's metadata: an input per field type, live visibility, requirement and
 * read-only rules, child-row grids, the server's field errors under their
 * fields and in their grid cells (the first focused), why the record's state
 * keeps it from changing (a 409 for its state says so; only one carrying
 * `current_version` is someone else's change), Save (and Ctrl+S; on a new record
 * also "Save and new", which keeps what the next record shares), links to linked
 * records (read-only values, and Open beside a link's picker, whose choices meet
 * the field's conditions), the header's buttons (record-form-actions.tsx: the
 * caller's actions, Delete, Remind me), a guard against leaving with unsaved
 * edits and a banner when someone else changed the record. A saved
 * record may show the descriptor's own tabs after the layout's (any widgets, drawn
 * after the form element so that their forms are not nested in it).
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import type { FieldMeta } from "../../schemas/records/meta.ts";
import { isStaleVersion } from "../api/api-error.ts";
import { useActionHost } from "../renderer/action-host.tsx";
import { RenderChildren } from "../renderer/render-node.tsx";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { fillRecord, fillTemplate } from "../renderer/templates.ts";
import { ChildGrid } from "../records/child-grid.tsx";
import { fieldState, localToday } from "../records/conditions.ts";
import { FieldDisplay } from "../records/field-display.tsx";
import { FieldInput } from "../records/field-input.tsx";
import { FormLayout } from "../records/form-layout.tsx";
import { useLeaveGuard } from "../records/leave-guard.ts";
import { recordMeta } from "../records/record-api.ts";
import { formPathOf, listFieldsOf } from "../records/standard-fields.ts";
import { useRecordEditor } from "../records/use-record-editor.ts";
import { useRefreshOnRecordChange } from "../records/refresh-on-change.ts";
import { AttachInput } from "../records/attach-input.tsx";
import { columnFilters, pickerFilters, useSameWhileEqual } from "../records/link-filters.ts";
import { typedStartValues } from "../records/record-context.ts";
import { type Notice, recordNotice } from "../records/record-notices.ts";
import { recordKeys } from "../records/record-keys.ts";
import { focusWhenShown } from "../records/focus-when-shown.ts";
import { RecordFormActions } from "./record-form-actions.tsx";
import { CreateWarnings } from "../records/create-warnings.tsx";

/** How long a form waits for the field it should focus to be drawn. */
const FOCUS_WAIT_MS = 2_000;

/** A record form. */
export function RecordForm({ node, path }: WidgetProps<NodeOf<"record-form">>) {
  const { meta, api } = node;
  const runtime = useScreenRuntime();
  const host = useActionHost();
  const navigate = useNavigate();
  const baseId = useId();
  const rawId = node.recordId === undefined ? null : fillTemplate(node.recordId, runtime);
  const id = rawId === null || rawId === "" ? null : String(rawId);
  const location = useLocation();
  // A new record starts from the descriptor's values, some read from the page's address;
  // one started from another (Record payment) brings its values in the navigation's state,
  // after the descriptor's own.
  const started = id === null || id === "new" ? location.state : undefined;
  const initial = useMemo(
    () =>
      typedStartValues(meta, {
        ...fillRecord(node.initial, runtime, { omitEmptyReferences: true }),
        ...startedValues(started),
      }),
    [meta, node.initial, runtime, started],
  );
  const [created, setCreated] = useState<string>();
  const createdRecord = useRef<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [startedAgain, setStartedAgain] = useState(0);
  const tell = useCallback(
    (notice: Notice) => host.toast(notice.text, notice.tone, notice.options),
    [host],
  );
  const onCreated = useCallback(
    (newId: string, record: Record<string, unknown>, again: boolean) => {
      if (again) {
        tell(recordNotice(meta, record, "created"));
        setStartedAgain((n) => n + 1);
      } else {
        createdRecord.current = record;
        setCreated(newId);
      }
    },
    [tell, meta],
  );
  const editor = useRecordEditor({
    api,
    meta,
    id,
    initial,
    onCreated,
    onSaved: (record) => tell(recordNotice(meta, record, doneOf("update", "saved"))),
  });
  function doneOf(action: string, otherwise: string): string {
    return editor?.loaded.data?.actions.find((a) => a.id === action)?.done ?? otherwise;
  }
  // The pickers of child rows' links, filled in from the record (kept while they hold).
  const gridFilters = useSameWhileEqual(
    Object.fromEntries(
      meta.fields.filter((f) => f.type === "table").map((f) => [
        f.id,
        columnFilters(f, editor.values),
      ]),
    ),
  );
  const formRef = useRef<HTMLFormElement>(null);
  const readMode = node.mode === "read";
  const canEdit = !readMode &&
    (editor.isNew ? meta.can.create : editor.loaded.data?.actions.some((a) => a.id === "update"));
  const fields = useMemo(() => new Map(listFieldsOf(meta).map((f) => [f.id, f])), [meta]);
  const needsOptions = meta.fields.some((f) =>
    f.options_from !== undefined || f.fields?.some((c) => c.options_from !== undefined)
  );
  const external = useQuery({
    queryKey: recordKeys.meta(api),
    queryFn: () => recordMeta(api),
    enabled: needsOptions,
    staleTime: 5 * 60_000,
  }).data?.options;
  const confirm = host.confirm;
  const lockedColumns = useMemo(() => lockedColumnsOf(editor.readOnlyFields), [
    editor.readOnlyFields,
  ]);
  // The first field or cell the server (or the required check) found wrong takes the
  // focus, once its tab is forward and drawn (a tab's grid may still be loading).
  useEffect(() => {
    const form = formRef.current;
    if (Object.keys(editor.errors).length === 0 || !form) return;
    return focusWhenShown(form, '[aria-invalid="true"]', FOCUS_WAIT_MS);
  }, [editor.errors]);
  useLeaveGuard(editor.dirty && canEdit === true, confirm);
  const extraTabs = useMemo(() => editor.isNew ? [] : node.tabs ?? [], [editor.isNew, node.tabs]);
  const [extra, setExtra] = useState<number | null>(null);
  const { setState, refresh } = runtime;
  const refreshTabs = useCallback(() => refresh(), [refresh]);
  useRefreshOnRecordChange(api, id, editor.isNew, refreshTabs);
  const showExtra = useCallback((index: number | null) => {
    setExtra(index);
    const opens = index === null ? undefined : extraTabs[index];
    if (opens?.opens !== undefined) setState({ [opens.opens]: opens.id });
  }, [extraTabs, setState]);

  // A created record opens at its own address once its edits are cleared (so the
  // leave guard lets it go).
  useEffect(() => {
    if (created === undefined || editor.dirty) return;
    setCreated(undefined);
    tell(recordNotice(meta, createdRecord.current, "created"));
    navigate(formPathOf(meta, created), { replace: true });
  }, [created, editor.dirty, tell, meta, navigate]);

  // After "Save and new", typing goes on in the first field of the fresh form.
  useEffect(() => {
    if (startedAgain === 0) return;
    formRef.current?.querySelector<HTMLElement>(
      ".record-field :is(input, textarea, select):not(:disabled)",
    )?.focus();
  }, [startedAgain]);

  const save = useRef(editor.save);
  save.current = editor.save;
  useEffect(() => {
    if (!canEdit) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void save.current();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [canEdit]);

  if (!editor.isNew && editor.loaded.isPending) {
    return <p className="record-loading" role="status">Loading {meta.label.toLowerCase()}…</p>;
  }
  if (!editor.isNew && editor.loaded.isError) {
    return (
      <p className="alert tone-danger" role="alert">
        {editor.loaded.error instanceof Error
          ? editor.loaded.error.message
          : `The ${meta.label.toLowerCase()} could not be loaded.`}
      </p>
    );
  }
  const values = editor.values;
  const today = localToday();
  const state = meta.states?.find((s) => s.id === values.status);
  const title = String(values[meta.title_field] || values.name || `New ${meta.label}`);
  const placesName = meta.form.tabs.some((t) =>
    t.sections.some((s) => s.columns.some((column) => column.includes("name")))
  );

  async function act(run: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    editor.setFormError(undefined);
    try {
      await run();
      return true;
    } catch (error) {
      editor.setFormError(
        isStaleVersion(error)
          ? `${(error as Error).message} Reload to see the current record.`
          : error instanceof Error
          ? error.message
          : String(error),
      );
      return false;
    } finally {
      setBusy(false);
    }
  }

  function renderField(fieldId: string) {
    const field = fields.get(fieldId);
    if (field === undefined) return null;
    const rule = fieldState(field, values, editor.readOnlyFields, today);
    if (!rule.visible) return null;
    const inputId = `${baseId}-${field.id}`;
    const error = editor.errors[field.id] ?? unplacedChildError(editor.errors, field);
    const errorId = error ? `${inputId}-error` : undefined;
    const editable = canEdit && !rule.readOnly;
    const label = (
      <>
        {field.label}
        {rule.required && editable
          ? <span className="required-marker" aria-hidden="true">*</span>
          : null}
      </>
    );
    let control;
    if (field.type === "table") {
      const rows = Array.isArray(values[field.id]) ? values[field.id] as [] : [];
      control = (
        <ChildGrid
          field={field}
          summed={summedColumns(meta.fields, field.id)}
          rows={rows}
          readOnly={!editable}
          lockedColumns={lockedColumns.get(field.id)}
          errors={editor.errors}
          onCellEdited={editor.clearError}
          api={api}
          recordId={editor.isNew ? null : id}
          external={external}
          filters={gridFilters[field.id]}
          describedBy={errorId}
          onRows={(update) => editor.setRows(field.id, update)}
        />
      );
    } else if (field.type === "attach") {
      const title = values[`${field.id}__title`];
      control = (
        <AttachInput
          api={api}
          recordId={editor.isNew ? null : id}
          fieldId={field.id}
          inputId={inputId}
          value={values[field.id]}
          title={typeof title === "string" ? title : undefined}
          disabled={!editable}
          describedBy={errorId}
          onChange={(value, fileName) => editor.setField(field.id, value, fileName)}
        />
      );
    } else if (!editable) {
      control = (
        <div className="record-value" id={inputId}>
          <FieldDisplay
            field={field}
            value={values[field.id]}
            row={values}
            external={external}
            linked
          />
        </div>
      );
    } else {
      control = (
        <FieldInput
          id={inputId}
          field={field}
          value={values[field.id]}
          title={typeof values[`${field.id}__title`] === "string"
            ? values[`${field.id}__title`] as string
            : undefined}
          invalid={error !== undefined}
          describedBy={errorId}
          required={rule.required}
          external={external}
          filters={pickerFilters(field, values)}
          openLinks
          onChange={(value, linkTitle) => editor.setField(field.id, value, linkTitle)}
        />
      );
    }
    return (
      <div
        className={`field record-field record-field-${field.type}${error ? " has-error" : ""}${
          field.type === "check" && editable ? " field-checkbox" : ""
        }`}
      >
        {field.type === "table" || !editable
          ? <span className="field-label" id={`${inputId}-label`}>{label}</span>
          : <label htmlFor={inputId}>{label}</label>}
        {control}
        {field.description ? <p className="field-help">{field.description}</p> : null}
        {error ? <p id={errorId} className="field-error">{error}</p> : null}
      </div>
    );
  }

  const extraTab = extra === null ? undefined : extraTabs[extra];
  return (
    <>
      <form
        ref={formRef}
        className="record-form"
        aria-label={title}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void editor.save();
        }}
      >
        <header className="record-form-header">
          <h2 className="record-title">{title}</h2>
          {/* A record numbered by a series is known by its number too (TSK-2026-00042). */}
          {!editor.isNew && meta.title_field !== "name" && values.name && !placesName
            ? <span className="record-number">{String(values.name)}</span>
            : null}
          {state
            ? <span className={`badge tone-${state.tone ?? "neutral"}`}>{state.label}</span>
            : null}
          {editor.loaded.data?.waiting_for
            ? <p className="record-waiting" role="status">{editor.loaded.data.waiting_for}</p>
            : null}
          <RecordFormActions
            node={node}
            editor={editor}
            id={id}
            canEdit={canEdit === true}
            busy={busy}
            act={act}
            tell={tell}
          />
        </header>
        {editor.conflict
          ? (
            <div className="alert tone-warning record-conflict" role="alert">
              <p className="alert-text">
                This record was changed by someone else. Your changes are kept here; reload to see
                theirs, then save again.
              </p>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => void editor.reload()}
              >
                Reload
              </button>
            </div>
          )
          : null}
        {editor.readOnlyReason && !readMode
          ? (
            <div className="alert tone-info record-state-lock" role="note">
              <p className="alert-text">
                {editor.readOnlyReason}
                {canEdit ? ". Only the fields still open can be changed." : "."}
              </p>
            </div>
          )
          : null}
        {editor.formError
          ? (
            <div className="alert tone-danger" role="alert">
              <p className="alert-text">{editor.formError}</p>
            </div>
          )
          : null}
        {editor.lookAlikes
          ? (
            <CreateWarnings
              label={meta.label}
              pending={editor.lookAlikes}
              onCreate={(again) => void editor.save({ again, anyway: true })}
              onCancel={editor.dismissLookAlikes}
            />
          )
          : null}
        <UnplacedErrors errors={editor.errors} fields={[...fields.values()]} />
        <FormLayout
          layout={meta.form}
          field={renderField}
          reveal={/^[a-z0-9_]+/.exec(Object.keys(editor.errors)[0] ?? "")?.[0]}
          extraTabs={extraTabs}
          extraPanelId={`${baseId}-extra`}
          onExtra={showExtra}
        />
      </form>
      {extraTab === undefined ? null : (
        <section
          className="tab-panel record-form-tab"
          role="tabpanel"
          id={`${baseId}-extra`}
          aria-label={extraTab.label}
        >
          <RenderChildren nodes={extraTab.children} path={`${path}/tabs/${extra}/children`} />
        </section>
      )}
    </>
  );
}

/** The values a navigation's state starts a new record with (`{ initial: {...} }`), if any. */
function startedValues(state: unknown): Record<string, unknown> {
  if (typeof state !== "object" || state === null) return {};
  const initial = (state as { initial?: unknown }).initial;
  return typeof initial === "object" && initial !== null && !Array.isArray(initial)
    ? initial as Record<string, unknown>
    : {};
}

/** The columns of child table `table` that a field of the record sums (`lines.amount`). */
function summedColumns(fields: readonly FieldMeta[], table: string): ReadonlySet<string> {
  const columns = new Set<string>();
  for (const field of fields) {
    const sum = field.formula && "sum" in field.formula ? field.formula.sum : undefined;
    if (sum?.startsWith(`${table}.`)) columns.add(sum.slice(table.length + 1));
  }
  return columns;
}

/**
 * The first error of a child table's rows that its grid cannot show in a cell: a
 * whole row's (`lines[2]`) or a hidden column's. The server words it already
 * ("Line 3: …").
 */
function unplacedChildError(
  errors: Readonly<Record<string, string>>,
  field: FieldMeta,
): string | undefined {
  const shown = new Set((field.fields ?? []).filter((c) => !c.hidden).map((c) => c.id));
  const key = Object.keys(errors).find((k) => {
    const match = /^([a-z0-9_]+)\[\d+\](?:\.([a-z0-9_]+))?$/.exec(k);
    return match?.[1] === field.id && (match[2] === undefined || !shown.has(match[2]));
  });
  return key === undefined ? undefined : errors[key];
}

/** The child columns the record's state fixes (`lines.date` among the read-only fields), by table. */
function lockedColumnsOf(readOnly: ReadonlySet<string>): ReadonlyMap<string, ReadonlySet<string>> {
  const byTable = new Map<string, Set<string>>();
  for (const path of readOnly) {
    const [table, column] = path.split(".");
    if (column === undefined) continue;
    byTable.set(table, new Set([...(byTable.get(table) ?? []), column]));
  }
  return byTable;
}

/** Errors of fields the form does not show (an unknown or hidden field). */
function UnplacedErrors(
  { errors, fields }: { errors: Readonly<Record<string, string>>; fields: readonly FieldMeta[] },
) {
  const known = new Set(fields.map((f) => f.id));
  const unplaced = Object.entries(errors).filter(([key]) =>
    !known.has(/^[a-z0-9_]+/.exec(key)?.[0] ?? key)
  );
  if (unplaced.length === 0) return null;
  // The server's messages name their field in words already.
  return (
    <div className="alert tone-danger" role="alert">
      {unplaced.map(([key, message]) => <p key={key} className="alert-text">{message}</p>)}
    </div>
  );
}

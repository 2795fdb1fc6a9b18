/**
 * The editing state of one record: the server's copy (or a new record's starting
 * values) with the user's edits over it, saving (a new record is created, an
 * existing one sends only its changed fields with its version), the server's
 * field errors (keyed by path, a child cell as `lines[0].date`), and conflicts: a
 * stale save (409 with `current_version`) or a change heard on the live stream
 * while the user has unsaved edits raises `conflict` instead of overwriting;
 * `reload` takes the server's copy and keeps the edits over it. Any other refusal
 * (a 409 because of the record's state) shows the server's message as it is.
 * A new record saved "and new" starts the next one from what they share.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { FieldMeta, RecordTypeMeta } from "../../schemas/records/meta.ts";
import { ApiError, isRecord, isStaleVersion } from "../api/api-error.ts";
import { fieldState, isEmptyValue, localToday } from "./conditions.ts";
import { createRecord, getRecord, type RecordAnswer, updateRecord } from "./record-api.ts";
import { listFieldsOf } from "./standard-fields.ts";
import { onRecordChange, recordTypeOfApi } from "../api/record-events.ts";
import { hasFormulas, withComputed } from "./live-values.ts";
import { followsFormula, hasDefaultFormulas, withDefaultFormulas } from "./default-formulas.ts";
import { useLiveFetch } from "./use-live-fetch.ts";
import { sharedValues } from "./record-context.ts";
import { recordKeys } from "./record-keys.ts";
import { type CreateWarning, createWarnings } from "./create-check.ts";

type Values = Record<string, unknown>;
type Rows = readonly Record<string, unknown>[];

/** What the editor needs. */
export interface EditorOptions {
  api: string;
  meta: RecordTypeMeta;
  /** The record's id; null or "new" for a new record. */
  id: string | null;
  /** A new record's starting values (besides the fields' defaults). */
  initial: Values;
  /**
   * Called with a created record's id and the record; `again` when the form starts
   * the next one.
   */
  onCreated(id: string, record: Values, again: boolean): void;
  /** Called with an existing record once its changes are saved. */
  onSaved?(record: Values): void;
}

/** How a save goes on. */
export interface SaveOptions {
  /** A new record: once created, the form starts another with the values they share. */
  again?: boolean;
  /** A new record is created although its type's check found look-alikes. */
  anyway?: boolean;
}

/** Look-alikes found before a create, with how the save that found them was asked. */
export interface PendingCreate {
  warnings: CreateWarning[];
  again: boolean;
}

/** The editor of one record. */
export function useRecordEditor(
  { api, meta, id, initial, onCreated, onSaved }: EditorOptions,
) {
  const isNew = id === null || id === "new";
  const queryClient = useQueryClient();
  const key = useMemo(() => recordKeys.record(api, id), [api, id]);
  const loaded = useQuery({
    queryKey: key,
    queryFn: () => getRecord(api, id!),
    enabled: !isNew,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const [startValues, setStartValues] = useState<Values>(() => ({
    ...defaultsOf(meta),
    ...initial,
  }));
  const base: Values | undefined = isNew ? startValues : loaded.data?.record;
  const [edits, setEdits] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A new record's form opened at another address (New from another panel) starts over from it.
  const initialKey = JSON.stringify(initial);
  const [startedFrom, setStartedFrom] = useState(initialKey);
  if (startedFrom !== initialKey) {
    setStartedFrom(initialKey);
    setStartValues({ ...defaultsOf(meta), ...initial });
    setEdits({});
    setErrors({});
  }
  const [conflict, setConflict] = useState(false);
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [lookAlikes, setLookAlikes] = useState<PendingCreate>();
  const values = useMemo(() => {
    const today = localToday();
    const merged = hasDefaultFormulas(meta)
      ? withDefaultFormulas(meta, { base, edits }, today)
      : { ...base, ...edits };
    return hasFormulas(meta) ? withComputed(meta, merged, today) : merged;
  }, [meta, base, edits]);
  const dirty = Object.keys(edits).some((k) => !k.endsWith("__title"));
  const baseRef = useRef(base);
  baseRef.current = base;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  // The event of our own save may arrive before its answer: while saving, events
  // for this record are ignored (a change by someone else would fail the save with 409).
  const savingRef = useRef(false);
  const readOnlyFields = useMemo(
    () => new Set(loaded.data?.read_only_fields ?? []),
    [loaded.data],
  );

  const setField = useCallback((field: string, value: unknown, title?: string) => {
    setEdits((e) => ({
      ...e,
      [field]: value,
      ...(title === undefined ? {} : { [`${field}__title`]: title }),
    }));
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  /** Forgets the error at `path` once the user changes what it was about. */
  const clearError = useCallback((path: string) => {
    setErrors((current) => {
      if (current[path] === undefined) return current;
      const { [path]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const setRows = useCallback((field: string, update: (rows: Rows) => Values[]) => {
    setEdits((e) => {
      const current = e[field] ?? baseRef.current?.[field];
      return { ...e, [field]: update(Array.isArray(current) ? current : []) };
    });
  }, []);

  useLiveFetch(meta, edits, setField, setRows);

  const refetch = loaded.refetch;
  useEffect(() => {
    if (isNew) return;
    const type = recordTypeOfApi(api);
    return onRecordChange((change) => {
      if (change.recordType !== type || savingRef.current) return;
      // Many records of the type changed (bulk, import): perhaps this one. A clean
      // form looks again; edits are kept, and a stale save will say so (409).
      if (change.id === null) {
        if (!dirtyRef.current) void refetch();
        return;
      }
      if (change.id !== id) return;
      const version = baseRef.current?.version;
      if (
        change.version !== undefined && typeof version === "number" && change.version <= version
      ) {
        return;
      }
      if (dirtyRef.current) setConflict(true);
      else void refetch();
    });
  }, [api, id, isNew, refetch]);

  async function save(options: SaveOptions = {}): Promise<void> {
    if (saving || base === undefined) return;
    setFormError(undefined);
    const today = localToday();
    const missing: Record<string, string> = {};
    const fields = listFieldsOf(meta);
    for (const field of fields) {
      const state = fieldState(field, values, readOnlyFields, today);
      // A new record's "@" default (the caller, the organisation's setting) and a default
      // formula the person left alone are the server's to fill.
      const filledByServer = (isNew && typeof field.default === "string" &&
        field.default.startsWith("@") && field.default !== "@today") ||
        followsFormula(field, base, edits);
      if (
        state.visible && !state.readOnly && state.required && !filledByServer &&
        isEmptyValue(field, values[field.id])
      ) {
        missing[field.id] = `${field.label} is required`;
      }
    }
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    const sent: Values = {};
    for (const field of fields) {
      // A default the person left alone is the server's to make, from what it stores.
      if (field.computed || field.read_only || followsFormula(field, base, edits)) continue;
      if (isNew ? values[field.id] !== undefined : Object.hasOwn(edits, field.id)) {
        sent[field.id] = field.type === "table"
          ? rowsToSend(field, values[field.id])
          : values[field.id];
      }
    }
    setSaving(true);
    savingRef.current = true;
    setLookAlikes(undefined);
    try {
      if (isNew && !options.anyway) {
        const warnings = await createWarnings(meta, sent);
        if (warnings.length > 0) {
          setLookAlikes({ warnings, again: options.again === true });
          return;
        }
      }
      if (isNew) {
        const answer = await createRecord(api, sent);
        if (options.again) {
          const kept = sharedValues(meta, edits);
          setStartValues((start) => ({ ...start, ...kept }));
          setErrors({});
        }
        setEdits({});
        onCreated(String(answer.record.id), answer.record, options.again === true);
        return;
      }
      const answer = await updateRecord(api, id!, Number(base.version), sent);
      queryClient.setQueryData<RecordAnswer>(
        key,
        (old) => old && { ...old, record: answer.record },
      );
      setEdits({});
      setErrors({});
      // Until the next render, the record's event (which may arrive any moment now)
      // must already find the saved version and no edits.
      baseRef.current = answer.record;
      dirtyRef.current = false;
      void queryClient.invalidateQueries({ queryKey: key });
      onSaved?.(answer.record);
    } catch (error) {
      if (isStaleVersion(error)) setConflict(true);
      else {
        const fields = error instanceof ApiError ? fieldErrorsOf(error) : undefined;
        if (fields) setErrors(fields);
        // A 400's fields say it all, each at its place; a refusal's reason is said once, above.
        if (!(fields && error instanceof ApiError && error.status === 400)) {
          setFormError(error instanceof Error ? error.message : String(error));
        }
      }
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  async function reload(): Promise<void> {
    await refetch();
    setConflict(false);
  }

  return {
    isNew,
    loaded,
    record: base,
    values,
    dirty,
    errors,
    formError,
    setFormError,
    conflict,
    saving,
    /** Existing records a new one looks like: created only when the person chooses to. */
    lookAlikes,
    dismissLookAlikes: () => setLookAlikes(undefined),
    readOnlyFields,
    /** Why the record's state keeps fields from changing, when it does. */
    readOnlyReason: loaded.data?.read_only_reason,
    setField,
    clearError,
    setRows,
    save,
    reload,
    /** Forgets the edits (after the record was deleted or left). */
    discard: () => setEdits({}),
  };
}

/**
 * A child table's rows as the server takes them: a file's name, kept in a row to
 * show the upload (`receipt__title`), is the form's own; a link's title goes back.
 */
function rowsToSend(field: FieldMeta, rows: unknown): unknown {
  if (!Array.isArray(rows)) return rows;
  const local = (field.fields ?? []).filter((c) => c.type === "attach").map((c) =>
    `${c.id}__title`
  );
  if (local.length === 0) return rows;
  return rows.map((row) => {
    if (!isRecord(row)) return row;
    const copy = { ...row };
    for (const key of local) delete copy[key];
    return copy;
  });
}

/** A new record's values from its fields' defaults. */
function defaultsOf(meta: RecordTypeMeta): Values {
  const values: Values = {};
  for (const field of meta.fields) {
    const value = defaultValue(field);
    if (value !== undefined) values[field.id] = value;
    else if (field.type === "table") values[field.id] = [];
  }
  return values;
}

/**
 * A new record's or child row's value of a field from its default: "@today" is the
 * browser's day; other "@" defaults (the caller, the organisation's settings) are
 * the server's to fill, so the form leaves them out.
 */
export function defaultValue(field: FieldMeta): unknown {
  if (field.default === "@today") return localToday();
  if (typeof field.default === "string" && field.default.startsWith("@")) return undefined;
  return field.default;
}

/** The per-field messages of a 400 answer (`details.fields`), if it has any. */
export function fieldErrorsOf(error: ApiError): Record<string, string> | undefined {
  if (!isRecord(error.details) || !isRecord(error.details.fields)) return undefined;
  const found: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.details.fields)) {
    if (typeof message === "string") found[field] = message;
    else if (Array.isArray(message) && typeof message[0] === "string") found[field] = message[0];
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

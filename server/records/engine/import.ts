/**
 * CSV import of records (`POST /api/records/{type}/import`). The header names
 * fields by id or label; a row with an `ID` updates that record, any other row
 * creates one. Every row goes through the engine's own validation
 * (`validateRecord`, `updateIn`) and every stored record is audited as `import`.
 * The whole file is one transaction, read as a stream (from the temporary file
 * the upload was spooled to) and handled 500 rows at a time: each chunk's links,
 * select options and unique values are looked up once, and its new records are
 * written with multi-row INSERTs. What an import keeps across chunks is bounded
 * (the first 1,000 failures, the ids and unique values seen), so its memory does
 * not follow its file's size. Imports on one database take turns
 * (import-turns.ts). Good rows are written as they come; at the end the
 * transaction commits, or rolls back when the import is all-or-nothing (the
 * default) and a row failed, so every bad row is reported (line and field) and
 * nothing is stored; `partial` stores the good rows. A dry run does everything,
 * then rolls back, so its counts are what a partial import would store. A file
 * that cannot be read as CSV, an unusable header or too many rows stores nothing
 * in either mode. After a large import the planner's statistics of the type's
 * tables are refreshed, so the next list or export is planned for the rows the
 * table holds now (PostgreSQL's autovacuum may take a minute to notice them, and
 * a keyset page planned for a 75-row table read 100,000 rows with a sequential
 * scan: a 54 s export instead of 1.4 s).
 */
import type { Access } from "../../platform/access/access.ts";
import { authorize, requireAuthorized } from "../../platform/access/authorize.ts";
import { AppError } from "../../platform/errors/app-error.ts";
import type { AuditEntry } from "../../platform/audit/record.ts";
import type { Queryable } from "../../db/database.ts";
import { refreshStatistics } from "../../db/dialect.ts";
import type { SelectOption } from "../../../schemas/records/meta.ts";
import type { RecordField, RecordType } from "../define.ts";
import {
  coerceRows,
  CsvError,
  type CsvRow,
  type HeaderMapping,
  type ImportFailure,
  type ImportRow,
  mapHeader,
  neededOnCreate,
  readCsv,
} from "../csv/mod.ts";
import type { RecordEngine } from "./engine.ts";
import { type ValidatedRecord, validateRecord } from "./validate-record.ts";
import { selectOptions } from "./select-options.ts";
import { FieldProblems, fieldSentence, problemSentence } from "./field-problems.ts";
import { loadRecords, nextSeriesNames } from "./record-store.ts";
import { mayReach } from "./record-access.ts";
import { derivedStatus } from "./record-states.ts";
import { importLinkResolver } from "./import-links.ts";
import { inImportTurn } from "./import-turns.ts";
import {
  auditInBulk,
  bulkIds,
  cachedReads,
  insertRecords,
  type NewRecord,
  uniqueClashes,
} from "./import-store.ts";

/** Most data rows one import takes. */
export const IMPORT_MAX_ROWS = 100_000;
/** Rows validated and written together. */
const CHUNK_ROWS = 500;
/** Failures listed in an answer; past them an import stops (all-or-nothing) or only counts. */
const FAILURES_SHOWN = 1_000;
/** Stored rows from which an import refreshes its tables' planner statistics. */
export const STATISTICS_ROWS = 1_000;

/** How an import runs. */
export interface ImportOptions {
  dryRun?: boolean;
  /** Store the good rows even when others fail (default: all-or-nothing). */
  partial?: boolean;
  requestId?: string;
}

/** A row of the file that failed, as the file wrote it. */
export interface FailedRow {
  line: number;
  cells: string[];
}

/** What an import answers (the `ImportResponse` of schemas/records/api.ts). */
export interface ImportResult {
  dry_run: boolean;
  created: number;
  updated: number;
  failed: ImportFailure[];
  /** The file's header row, as written (empty when it has none). */
  header: string[];
  /** The rows that failed, as written, in file order: with `header`, a file of them to fix. */
  failed_rows: FailedRow[];
}

class Rollback extends Error {}

/** The tables an import of `type` writes: its own and its child tables. */
function tablesOf(type: RecordType): string[] {
  return [type.table, ...type.fields.flatMap((f) => f.child ? [f.child.table] : [])];
}

/**
 * Imports a CSV file of `typeId` records for the caller. `file` opens the file's
 * bytes, from the start, each time it is called: the import's transaction may be
 * run again from the start (a deadlock on PostgreSQL), and reads it again.
 */
export async function importRecords(
  engine: RecordEngine,
  access: Access,
  typeId: string,
  file: () => ReadableStream<Uint8Array>,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const type = engine.typeFor(access, typeId, "import");
  return await inImportTurn(engine.db, () => runImport(engine, access, type, file, options));
}

async function runImport(
  engine: RecordEngine,
  access: Access,
  type: RecordType,
  file: () => ReadableStream<Uint8Array>,
  options: ImportOptions,
): Promise<ImportResult> {
  let run = new ImportRun(engine, access, type, options);
  let stored = false;
  try {
    await engine.db.transaction(async (tx) => {
      // A transaction run again starts its count and its reading again.
      run = new ImportRun(engine, access, type, options);
      await run.read(tx, file());
      if (options.dryRun || run.fatal || (!options.partial && run.failed.length > 0)) {
        throw new Rollback();
      }
      stored = true;
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (stored && run.created + run.updated >= STATISTICS_ROWS) {
    for (const table of tablesOf(type)) {
      for (const sql of refreshStatistics(engine.db.dialect, table)) await engine.db.run(sql);
    }
  }
  const counted = stored || (options.dryRun && !run.fatal);
  return {
    dry_run: options.dryRun ?? false,
    created: counted ? run.created : 0,
    updated: counted ? run.updated : 0,
    failed: run.failed,
    header: run.header,
    failed_rows: run.failedRows,
  };
}

/**
 * The fields a 400 of a rule or a 403 of a value the role may not set names (already in
 * words), when it is not the engine's FieldProblems.
 */
function namedFields(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof AppError) || (error.status !== 400 && error.status !== 403)) {
    return undefined;
  }
  return (error.details as { fields?: Record<string, string> } | undefined)?.fields;
}

/** One import's state while its file is read. */
class ImportRun {
  readonly failed: ImportFailure[] = [];
  header: string[] = [];
  readonly failedRows: FailedRow[] = [];
  created = 0;
  updated = 0;
  /** The file as a whole is unusable: nothing is stored, whatever the mode. */
  fatal = false;
  #more = 0;
  #lastLine = 1;
  readonly #engine: RecordEngine;
  readonly #access: Access;
  readonly #type: RecordType;
  readonly #options: ImportOptions;
  readonly #now: string;
  readonly #visible: readonly RecordField[];
  readonly #uniqueSeen = new Map<string, Map<string, number>>();
  readonly #idSeen = new Map<string, number>();
  readonly #newId: () => string;
  #mapping?: HeaderMapping;
  /** Lines of the chunk being read that failed. */
  readonly #failedLines = new Set<number>();

  constructor(engine: RecordEngine, access: Access, type: RecordType, options: ImportOptions) {
    this.#engine = engine;
    this.#access = access;
    this.#type = type;
    this.#options = options;
    this.#now = new Date(engine.clock()).toISOString();
    const level1 = authorize(access, type.module, "level1");
    this.#visible = type.fields.filter((f) => f.level !== 1 || level1);
    this.#newId = bulkIds(type.id.replace(/_/g, "").slice(0, 6));
  }

  #fail(...failures: ImportFailure[]): void {
    for (const failure of failures) {
      this.#failedLines.add(failure.line);
      if (this.failed.length < FAILURES_SHOWN) this.failed.push(failure);
      else this.#more++;
    }
  }

  /**
   * A row's problem with a field, named by the field's column as the file heads it
   * ("Estimated value must be a number"), or by its label when the file has no
   * column for it.
   */
  #named(line: number, field: string, problem: string): ImportFailure {
    const column = this.#mapping?.headings.get(field) ?? null;
    const message = column === null
      ? problemSentence(this.#type, field, problem)
      : fieldSentence(column, problem);
    return { line, field, column, message };
  }

  /** What a refused row's error names: each field's problem, or the refusal as a whole. */
  #refusal(line: number, error: AppError): ImportFailure[] {
    if (error instanceof FieldProblems) {
      return Object.entries(error.problems).map(([field, problem]) =>
        this.#named(line, field, problem)
      );
    }
    const fields = namedFields(error);
    if (!fields) return [{ line, field: null, column: null, message: error.message }];
    return Object.entries(fields).map(([field, message]) => ({
      line,
      field,
      column: this.#mapping?.headings.get(field) ?? null,
      message,
    }));
  }

  /** Keeps the chunk's failed rows as the file wrote them (as many as failures are listed). */
  #keepFailedRows(rows: readonly CsvRow[]): void {
    for (const row of rows) {
      if (!this.#failedLines.has(row.line) || this.failedRows.length >= FAILURES_SHOWN) continue;
      this.failedRows.push({ line: row.line, cells: [...row.cells] });
    }
    this.#failedLines.clear();
  }

  async read(tx: Queryable, file: ReadableStream<Uint8Array>): Promise<void> {
    const q = cachedReads(tx, tablesOf(this.#type));
    let mapping: HeaderMapping | undefined;
    const options = new Map<string, readonly SelectOption[]>();
    let rows = 0;
    const chunk: CsvRow[] = [];
    try {
      for await (const row of readCsv(file)) {
        this.#lastLine = row.line;
        if (!mapping) {
          this.header = [...row.cells];
          mapping = this.#header(row);
          this.#mapping = mapping;
          if (!mapping) return;
          continue;
        }
        if (++rows > IMPORT_MAX_ROWS) {
          return this.#stop(
            row.line,
            `The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en")} rows; split it`,
          );
        }
        chunk.push(row);
        if (chunk.length === CHUNK_ROWS) {
          await this.#chunk(q, tx, mapping, options, chunk.splice(0));
          if (this.failed.length >= FAILURES_SHOWN && !this.#options.partial) {
            return this.#stop(
              this.#lastLine,
              `Stopped after ${
                FAILURES_SHOWN.toLocaleString("en")
              } failures; fix them and import again`,
            );
          }
        }
      }
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      return this.#stop(error.line, error.reason);
    }
    if (!mapping) return this.#stop(1, "The file is empty: it has no header row");
    if (chunk.length > 0) await this.#chunk(q, tx, mapping, options, chunk);
    if (this.#more > 0) {
      this.failed.push({
        line: this.#lastLine,
        field: null,
        column: null,
        message: `… and ${this.#more.toLocaleString("en")} more failures`,
      });
    }
  }

  #stop(line: number, message: string): void {
    this.fatal = true;
    this.failed.push({ line, field: null, column: null, message });
  }

  #header(row: CsvRow): HeaderMapping | undefined {
    const { mapping, failures } = mapHeader(row.cells, this.#visible, {
      typeLabel: this.#type.declaration.label,
      line: row.line,
    });
    const mapped = new Set(mapping.columns.flatMap((c) => c.kind === "field" ? [c.field.id] : []));
    if (!mapping.hasId) {
      for (const field of this.#visible) {
        if (neededOnCreate(field) && !mapped.has(field.id)) {
          failures.push({
            line: row.line,
            field: field.id,
            column: null,
            message: `No column for "${field.label}", which every new record needs`,
          });
        }
      }
    }
    if (failures.length === 0) return mapping;
    this.fatal = true;
    this.#fail(...failures);
    return undefined;
  }

  /** Loads the organisation's options of select columns the rows use, once per import. */
  async #loadOptions(
    q: Queryable,
    mapping: HeaderMapping,
    rows: readonly CsvRow[],
    options: Map<string, readonly SelectOption[]>,
  ): Promise<void> {
    for (const [index, column] of mapping.columns.entries()) {
      if (column.kind !== "field" || !column.field.options_from) continue;
      if (options.has(column.field.id) || !rows.some((r) => r.cells[index]?.trim())) continue;
      options.set(
        column.field.id,
        await selectOptions(q, this.#access.organizationId, column.field),
      );
    }
  }

  async #chunk(
    q: Queryable & { clear(): void },
    tx: Queryable,
    mapping: HeaderMapping,
    selectOptions: Map<string, readonly SelectOption[]>,
    rows: readonly CsvRow[],
  ): Promise<void> {
    const { module } = this.#type;
    q.clear();
    await this.#loadOptions(tx, mapping, rows, selectOptions);
    const coerced = await coerceRows(rows, {
      mapping,
      selectOptions,
      resolveLinks: importLinkResolver(tx, this.#access.organizationId, this.#engine.findType),
    });
    this.#fail(...coerced.failures);
    const creates: { row: ImportRow; checked: ValidatedRecord }[] = [];
    const updates: ImportRow[] = [];
    for (const row of coerced.rows) {
      if (row.id === null) {
        requireAuthorized(this.#access, module, "create");
        const checked = await this.#validate(q, row);
        if (checked) creates.push({ row, checked });
        continue;
      }
      requireAuthorized(this.#access, module, "update");
      const earlier = this.#idSeen.get(row.id);
      if (earlier) this.#fail(this.#named(row.line, "id", `Repeats line ${earlier}`));
      else {
        this.#idSeen.set(row.id, row.line);
        updates.push(row);
      }
    }
    const clashes = await uniqueClashes(tx, this.#type, this.#access.organizationId, [
      ...creates.map(({ row, checked }) => ({ ...row, values: checked.values })),
      ...updates,
    ], this.#uniqueSeen);
    this.#fail(...clashes.map((c) => this.#named(c.line, c.field, c.message)));
    const clashed = new Set(clashes.map((c) => c.line));
    await this.#create(tx, creates.filter(({ row }) => !clashed.has(row.line)));
    await this.#update(q, tx, updates.filter((row) => !clashed.has(row.line)));
    this.#keepFailedRows(rows);
  }

  async #validate(q: Queryable, row: ImportRow): Promise<ValidatedRecord | undefined> {
    try {
      const checked = await validateRecord({
        q,
        access: this.#access,
        type: this.#type,
        now: this.#now,
        findType: this.#engine.findType,
        types: this.#engine.types,
      }, row.values);
      // A created row passes its type's controller as a create through the API does.
      await this.#engine.controllers.get(this.#type.id)?.beforeSave?.({
        read: q,
        access: this.#access,
        type: this.#type,
        checked,
        now: this.#now,
      });
      return checked;
    } catch (error) {
      // A row setting a value the role may not set (403) fails on its line, like a bad value.
      if (!(error instanceof AppError) || (error.status !== 400 && error.status !== 403)) {
        throw error;
      }
      this.#fail(...this.#refusal(row.line, error));
      return undefined;
    }
  }

  async #create(
    tx: Queryable,
    creates: readonly { row: ImportRow; checked: ValidatedRecord }[],
  ): Promise<void> {
    if (creates.length === 0) return;
    const { declaration } = this.#type;
    const org = this.#access.organizationId;
    const names = "series" in declaration.naming
      ? await nextSeriesNames(tx, org, declaration.naming.series, this.#now, creates.length)
      : undefined;
    const naming = declaration.naming;
    const initial = declaration.states?.initial;
    const today = this.#now.slice(0, 10);
    const records: NewRecord[] = creates.map(({ checked }, i) => ({
      id: this.#newId(),
      name: names?.[i] ??
        String(checked.values["field" in naming ? naming.field : ""] ?? ""),
      status: initial &&
        (derivedStatus(this.#type, { ...checked.values, status: initial }, today) ?? initial),
      columns: checked.columns,
    }));
    const stamps = { organizationId: org, now: this.#now, userId: this.#access.user.id };
    await insertRecords(tx, this.#type, stamps, records);
    await auditInBulk(
      tx,
      records.map((record, i): AuditEntry => ({
        organizationId: org,
        actorId: this.#access.user.id,
        action: "import",
        resourceType: this.#type.id,
        resourceId: record.id,
        after: Object.fromEntries(creates[i].checked.changes.map((c) => [c.field, c.to])),
        requestId: this.#options.requestId,
        now: this.#now,
      })),
    );
    this.created += records.length;
  }

  /**
   * Updates the rows naming an existing record: the chunk's records are read at
   * once, each row goes through the engine's own update (`updateLoadedIn`: checks,
   * validation, rules, write), and their audit entries are written together.
   */
  async #update(q: Queryable, tx: Queryable, updates: readonly ImportRow[]): Promise<void> {
    if (updates.length === 0) return;
    const type = this.#type;
    const records = await loadRecords(
      tx,
      type,
      this.#access.organizationId,
      updates.map((row) => row.id!),
    );
    const reachable = new Map(
      records.filter((r) => mayReach(type, this.#access, r)).map((r) => [r.id as string, r]),
    );
    const label = type.declaration.label;
    const audits: AuditEntry[] = [];
    for (const row of updates) {
      const existing = reachable.get(row.id!);
      if (!existing) {
        this.#fail({
          line: row.line,
          field: "id",
          column: this.#mapping?.headings.get("id") ?? null,
          message: `No ${label.toLowerCase()} has this ID`,
        });
        continue;
      }
      try {
        const { audit } = await this.#engine.updateLoadedIn(
          q,
          this.#access,
          type,
          existing,
          Number(existing.version),
          row.values,
          { auditAction: "import", requestId: this.#options.requestId },
        );
        if (audit) audits.push(audit);
        this.updated++;
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        this.#fail(...this.#refusal(row.line, error));
      }
    }
    await auditInBulk(tx, audits);
  }
}

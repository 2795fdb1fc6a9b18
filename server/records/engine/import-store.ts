/**
 * The SQL an import writes in bulk: new records as multi-row INSERTs (the same
 * columns the engine's single insert writes) and their audit entries likewise,
 * plus the look-ups an import does once per chunk instead of once per row:
 * uniqueness of unique keys, and repeated reads of other tables during
 * validation (type masters, link targets), answered once each.
 */
import type { Queryable, SqlValue } from "../../db/database.ts";
import type { AuditEntry } from "../../platform/audit/record.ts";
import { newId } from "../../platform/ids.ts";
import type { RecordType } from "../define.ts";
import { duplicateFromViolation, duplicateMessage, keyField } from "./unique-keys.ts";

/** Most parameters one INSERT binds (SQLite allows 32,766, PostgreSQL 65,535). */
const MAX_PARAMS = 30_000;
/** Most rows one INSERT writes, so the statement text repeats and stays prepared. */
const MAX_ROWS_PER_INSERT = 500;

/** A record an import creates: its stamps and its field columns. */
export interface NewRecord {
  id: string;
  name: string;
  status?: string;
  columns: ReadonlyMap<string, SqlValue>;
}

const BASE32 = "0123456789abcdefghjkmnpqrstvwxyz";

/**
 * Ids for one import's rows, shaped like `newId`'s (a prefix, then 20 base32
 * characters): a random 12-character head (60 bits) shared by the import, then a
 * counter. Consecutive ids land next to each other in the primary key's index
 * instead of all over it, which takes an import of 100,000 leads from about 10 to
 * 6 CPU seconds on SQLite. An id says which import made it and in what order,
 * nothing more; access never rests on ids being unguessable.
 */
export function bulkIds(prefix: string): () => string {
  const head = newId(prefix).slice(prefix.length + 1, prefix.length + 13);
  let next = 0;
  return () => {
    let counter = "";
    for (let n = next++, i = 0; i < 8; i++, n = Math.floor(n / 32)) {
      counter = BASE32[n % 32] + counter;
    }
    return `${prefix}_${head}${counter}`;
  };
}

export async function insertRows(
  q: Queryable,
  table: string,
  names: readonly string[],
  rows: readonly SqlValue[][],
): Promise<void> {
  const perInsert = Math.max(
    1,
    Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMS / names.length)),
  );
  const tuple = `(${names.map(() => "?").join(", ")})`;
  for (let start = 0; start < rows.length; start += perInsert) {
    const slice = rows.slice(start, start + perInsert);
    await q.run(
      `INSERT INTO ${table} (${names.join(", ")}) VALUES ${slice.map(() => tuple).join(", ")}`,
      slice.flat(),
    );
  }
}

/** Inserts new records of one type; each group of records sharing columns goes in multi-row INSERTs. */
export async function insertRecords(
  q: Queryable,
  type: RecordType,
  stamps: { organizationId: string; now: string; userId: string | null },
  records: readonly NewRecord[],
): Promise<void> {
  const groups = new Map<string, NewRecord[]>();
  for (const record of records) {
    const key = [...record.columns.keys()].join(",");
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  for (const group of groups.values()) {
    const names = [
      "id",
      "organization_id",
      "name",
      "version",
      "created_at",
      "created_by",
      "updated_at",
      "updated_by",
    ];
    if (type.declaration.states) names.push("status");
    if (type.declaration.submittable) names.push("docstatus", "amended_from");
    // A naming field stored in the standard `name` column is written as the name.
    const fieldColumns = [...group[0].columns.keys()].filter((c) => !names.includes(c));
    names.push(...fieldColumns);
    const rows = group.map((r) => {
      const row: SqlValue[] = [
        r.id,
        stamps.organizationId,
        r.name,
        1,
        stamps.now,
        stamps.userId,
        stamps.now,
        stamps.userId,
      ];
      if (type.declaration.states) row.push(r.status ?? type.declaration.states.initial);
      if (type.declaration.submittable) row.push(0, null);
      for (const column of fieldColumns) row.push(r.columns.get(column)!);
      return row;
    });
    try {
      await insertRows(q, type.table, names, rows);
    } catch (error) {
      // Only a writer racing the import can get here: its rows were checked (uniqueClashes).
      throw duplicateFromViolation(type, error) ?? error;
    }
  }
}

/** Writes audit entries in multi-row INSERTs (the columns `recordAudit` writes). */
export async function auditInBulk(q: Queryable, entries: readonly AuditEntry[]): Promise<void> {
  const id = bulkIds("aud");
  await insertRows(
    q,
    "audit_logs",
    [
      "id",
      "organization_id",
      "actor_id",
      "action",
      "resource_type",
      "resource_id",
      "before_value",
      "after_value",
      "request_id",
      "created_at",
    ],
    entries.map((e) => [
      id(),
      e.organizationId,
      e.actorId,
      e.action,
      e.resourceType,
      e.resourceId ?? null,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
      e.requestId ?? null,
      e.now,
    ]),
  );
}

/**
 * The same connection, with reads of tables other than `written` answered once
 * per distinct query until `clear()`: validation asks for a select's options or a
 * link target once per row, and within a chunk the answer cannot change, since
 * the import writes only `written`.
 */
export function cachedReads(
  q: Queryable,
  written: readonly string[],
): Queryable & { clear(): void } {
  const cache = new Map<string, Promise<unknown>>();
  const touchesWritten = new RegExp(`\\b(?:${written.join("|")})\\b`);
  function memo<T>(
    kind: string,
    sql: string,
    params: readonly SqlValue[] | undefined,
    read: () => Promise<T>,
  ) {
    if (touchesWritten.test(sql)) return read();
    const key = `${kind}\u0000${sql}\u0000${JSON.stringify(params ?? [])}`;
    let hit = cache.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = read();
      cache.set(key, hit);
    }
    return hit;
  }
  return {
    dialect: q.dialect,
    all: <T>(sql: string, params?: readonly SqlValue[]) =>
      memo("all", sql, params, () => q.all<T>(sql, params)),
    get: <T>(sql: string, params?: readonly SqlValue[]) =>
      memo("get", sql, params, () => q.get<T>(sql, params)),
    run: (sql, params) => q.run(sql, params),
    exec: (sql) => q.exec(sql),
    announce: (change) => q.announce(change),
    clear: () => cache.clear(),
  };
}

/**
 * For each row, the unique key (a unique field, or a `unique_together` set) whose
 * values another record (or an earlier row) already holds, named at the key's
 * last field. Rows that leave a part of a key empty are not checked for it.
 */
export async function uniqueClashes(
  q: Queryable,
  type: RecordType,
  organizationId: string,
  rows: readonly { line: number; id: string | null; values: Readonly<Record<string, unknown>> }[],
  earlier: Map<string, Map<string, number>>,
): Promise<{ line: number; field: string; message: string }[]> {
  const clashes: { line: number; field: string; message: string }[] = [];
  const given = (v: unknown) => v !== undefined && v !== null && v !== "";
  for (const key of type.uniqueKeys) {
    const field = keyField(key);
    const keyed = rows.filter((r) => key.every((f) => given(r.values[f.id])));
    if (keyed.length === 0) continue;
    const textOf = (parts: readonly unknown[]) => JSON.stringify(parts.map(String));
    const tuples = new Map<string, string[]>();
    for (const row of keyed) {
      const parts = key.map((f) => String(row.values[f.id]));
      tuples.set(textOf(parts), parts);
    }
    const match = `(${key.map((f) => `${f.column} = ?`).join(" AND ")})`;
    const holders = await q.all<Record<string, SqlValue>>(
      `SELECT id, ${key.map((f, i) => `${f.column} AS v${i}`).join(", ")} FROM ${type.table}
       WHERE organization_id = ? AND (${[...tuples.values()].map(() => match).join(" OR ")})`,
      [organizationId, ...[...tuples.values()].flat()],
    );
    const holder = new Map(holders.map((h) => [textOf(key.map((_, i) => h[`v${i}`])), h.id]));
    const keyId = key.map((f) => f.id).join("+");
    const seen = earlier.get(keyId) ?? new Map<string, number>();
    earlier.set(keyId, seen);
    for (const row of keyed) {
      const value = textOf(key.map((f) => row.values[f.id]));
      const other = holder.get(value);
      if (seen.has(value)) {
        clashes.push({
          line: row.line,
          field: field.id,
          message: `Repeats line ${seen.get(value)}`,
        });
      } else if (other && other !== row.id) {
        clashes.push({ line: row.line, field: field.id, message: duplicateMessage(type, key) });
      } else seen.set(value, row.line);
    }
  }
  return clashes;
}

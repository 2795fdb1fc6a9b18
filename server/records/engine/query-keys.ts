/**
 * What a query's names stand for in SQL. A name is
 * - a field of the type, or a standard column (`id`, `name`, `created_at`, …);
 * - `status`: the derived status where the type declares one (derived-status-sql.ts);
 * - `<link>.<field>`: a field of the record a link names, one hop, through a join
 *   that keeps only the linked records the caller may read (their title only
 *   otherwise, as lists show it), and only fields the caller may read there;
 * - `<table>.<field>`: a field of a child table's rows, through a join that makes
 *   the query's rows the child rows (one child table per query).
 * A field above the caller's permission level is unknown to them, as in a list.
 * Every refusal is a 400 naming the part of the request and the name.
 */
import type { Dialect, SqlValue } from "../../db/database.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { invalidInput } from "../../platform/errors/app-error.ts";
import type { RecordField, RecordType } from "../define.ts";
import { mayReadType, readableClause, readsField } from "./record-access.ts";
import { derivedStatusIn, derivedStatusSql } from "./derived-status-sql.ts";
import { nullable, storageClass } from "./table-ddl.ts";

/** A name of a query, resolved. */
export interface QueryKey {
  name: string;
  sql: string;
  kind: "TEXT" | "INTEGER" | "REAL";
  nullable: boolean;
  /** The field it reads, for its type (dates group by periods, sums need numbers) and its output. */
  field?: RecordField;
  /** The child table whose rows it reads. */
  child?: string;
  /** A derived status: records holding one of these statuses, as a condition indexes answer. */
  statusIn?: (statuses: readonly string[]) => string;
}

/** A join a query needs, keyed by its alias. */
export interface QueryJoin {
  sql: string;
  params: SqlValue[];
}

/** Where names resolve: the caller, the type, the declared types, today and the dialect. */
export interface KeyScope {
  access: MembershipAccess;
  type: RecordType;
  types: ReadonlyMap<string, RecordType>;
  today: string;
  dialect: Dialect;
  /** The joins the resolved names need, filled as names resolve. */
  joins: Map<string, QueryJoin>;
}

const STANDARD: Record<string, Pick<QueryKey, "kind" | "nullable">> = {
  id: { kind: "TEXT", nullable: false },
  name: { kind: "TEXT", nullable: false },
  created_at: { kind: "TEXT", nullable: false },
  updated_at: { kind: "TEXT", nullable: false },
  created_by: { kind: "TEXT", nullable: true },
};

function unknown(part: string, name: string, why = `Unknown field "${name}"`): Error {
  return invalidInput(`${why} in ${part}`, { [part]: why });
}

/** A name of the type's own record under `alias` (no dot), or undefined. */
function ownKey(
  type: RecordType,
  access: MembershipAccess,
  name: string,
  alias: string,
  scope: Pick<KeyScope, "today" | "dialect">,
): QueryKey | undefined {
  const field = type.field.get(name);
  if (field) {
    const kind = storageClass(field);
    if (!kind || !readsField(type, access, field)) return undefined;
    return { name, sql: `${alias}.${field.column}`, kind, nullable: nullable(field), field };
  }
  if (name === "status") {
    const derived = derivedStatusSql(type, alias, scope.today, scope.dialect);
    if (derived) {
      const statusIn = (statuses: readonly string[]) =>
        derivedStatusIn(type, alias, scope.today, scope.dialect, statuses)!;
      return { name, sql: derived, kind: "TEXT", nullable: true, statusIn };
    }
    if (type.declaration.states) {
      return { name, sql: `${alias}.status`, kind: "TEXT", nullable: false };
    }
    return undefined;
  }
  if (name === "docstatus" && type.declaration.submittable) {
    return { name, sql: `${alias}.docstatus`, kind: "INTEGER", nullable: false };
  }
  if (Object.hasOwn(STANDARD, name)) return { name, sql: `${alias}.${name}`, ...STANDARD[name] };
  return undefined;
}

/** The key a name stands for, or a 400 naming it under `part` (columns, filters, group_by…). */
export function queryKey(scope: KeyScope, name: string, part: string): QueryKey {
  const { type, access } = scope;
  const [head, tail, ...rest] = name.split(".");
  if (rest.length > 0) throw unknown(part, name);
  if (tail === undefined) {
    const key = ownKey(type, access, head, "t", scope);
    if (!key) throw unknown(part, name);
    return key;
  }
  const field = type.field.get(head);
  if (!field || !readsField(type, access, field)) throw unknown(part, name);
  if (field.type === "table") return childKey(scope, field, tail, name, part);
  if (field.type === "link" && field.link && field.link !== "user") {
    return linkedKey(scope, field, tail, name, part);
  }
  throw unknown(part, name, `"${head}" is neither a link to a record nor a table`);
}

/** A field of the record a link names, through a join of the linked records the caller may read. */
function linkedKey(
  scope: KeyScope,
  link: RecordField,
  name: string,
  full: string,
  part: string,
): QueryKey {
  const target = scope.types.get(link.link!);
  if (!target) throw unknown(part, full);
  const isTitle = name === target.declaration.title_field || name === "name";
  // A linked record's title is shown wherever the link is (lists show it); anything else is read
  // only from the linked records the caller may read.
  if (!isTitle && !mayReadType(target, scope.access)) {
    throw unknown(part, full, `You may not read ${target.declaration.plural.toLowerCase()}`);
  }
  const alias = `${isTitle ? "jt" : "j"}_${link.column}`;
  const key = ownKey(target, scope.access, name, alias, scope);
  if (!key) throw unknown(part, full);
  if (!scope.joins.has(alias)) {
    const readable = isTitle
      ? { sql: "1 = 1", params: [] }
      : readableClause({ types: scope.types }, scope.access, target, alias);
    scope.joins.set(alias, {
      sql: `LEFT JOIN ${target.table} ${alias} ON ${alias}.organization_id = t.organization_id
        AND ${alias}.id = t.${link.column} AND ${readable.sql}`,
      params: readable.params,
    });
  }
  return { ...key, name: full, nullable: true };
}

/** A field of a child table's rows; the query's rows become the rows of that table. */
function childKey(
  scope: KeyScope,
  table: RecordField,
  name: string,
  full: string,
  part: string,
): QueryKey {
  const column = table.childFields?.find((c) => c.id === name);
  const kind = column ? storageClass(column) : null;
  if (!column || !kind || !table.child || !readsField(scope.type, scope.access, column)) {
    throw unknown(part, full);
  }
  const other = [...scope.joins.keys()].find((a) => a.startsWith("c_") && a !== `c_${table.id}`);
  if (other) {
    throw unknown(
      part,
      full,
      `"${full}" reads a second child table; a query reads the rows of one (${other.slice(2)})`,
    );
  }
  const alias = `c_${table.id}`;
  if (!scope.joins.has(alias)) {
    const parent = table.child.parent_column ?? "parent_id";
    scope.joins.set(alias, {
      sql: `JOIN ${table.child.table} ${alias} ON ${alias}.organization_id = t.organization_id
        AND ${alias}.${parent} = t.id`,
      params: [],
    });
  }
  return {
    name: full,
    sql: `${alias}.${column.column}`,
    kind,
    nullable: nullable(column),
    field: column,
    child: table.id,
  };
}

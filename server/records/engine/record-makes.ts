/**
 * Makes (`declaration.makes`): new records of another type started from a record,
 * prefilled from it — an invoice's Record payment opens a new payment for its
 * client, its outstanding amount and an allocation to it. Which makes a caller is
 * offered on a record, and the values one starts with: computed from what the
 * caller may see of the record, with the titles of the links it fills, so the
 * new form shows names, never ids. Nothing is stored until the form is saved.
 */
import type { Queryable } from "../../db/database.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize, requireAuthorized } from "../../platform/access/authorize.ts";
import { conflict, notFound } from "../../platform/errors/app-error.ts";
import type { RecordType } from "../define.ts";
import type { MadeRows, MakeDeclaration } from "../declaration.ts";
import { conditionHolds, evaluateComputed } from "./conditions.ts";
import { addLinkTitles } from "./link-titles.ts";
import type { RecordData } from "./record-rows.ts";
import { roundMoney } from "../../../schemas/money/rounding.ts";

/** A make the caller is offered on a record now. */
export interface OfferedMake {
  id: string;
  label: string;
}

/** The new record a make starts: its type, where its form opens, and its values. */
export interface MadeRecord {
  type: string;
  path: string;
  values: RecordData;
}

/** Checks, once every type is known, that each make names a type and fields it has. */
export function checkMakeTargets(types: ReadonlyMap<string, RecordType>): void {
  for (const type of types.values()) {
    for (const make of type.declaration.makes ?? []) {
      const where = `Record type "${type.id}": make "${make.id}"`;
      const target = types.get(make.type);
      if (!target) throw new Error(`${where} names unknown type "${make.type}"`);
      for (const [id, value] of Object.entries(make.values)) {
        const field = target.field.get(id);
        if (!field) throw new Error(`${where} fills unknown field "${id}" of ${target.id}`);
        if ((typeof value === "string") === (field.type === "table")) {
          throw new Error(
            `${where}: "${id}" ${field.type === "table" ? "takes rows" : "is no table"}`,
          );
        }
        if (typeof value === "string") continue;
        if ("each" in value) {
          if (type.field.get(value.each)?.type !== "table") {
            throw new Error(
              `${where}: "${id}" copies rows of "${value.each}", no table of ${type.id}`,
            );
          }
        }
        for (const row of "each" in value ? [value.row] : value) {
          for (const column of Object.keys(row)) {
            if (!field.childFields?.some((c) => c.id === column)) {
              throw new Error(`${where} fills unknown column "${column}" of ${target.id}.${id}`);
            }
          }
        }
      }
    }
  }
}

/** The makes the caller is offered on `record` (what they may see of it) now. */
export function availableMakes(
  type: RecordType,
  access: MembershipAccess,
  record: RecordData,
  types: ReadonlyMap<string, RecordType>,
  now: string,
): OfferedMake[] {
  return (type.declaration.makes ?? [])
    .filter((make) => {
      const target = types.get(make.type);
      return target !== undefined && authorize(access, target.module, "create") &&
        conditionHolds(make.when, record, now, false);
    })
    .map((make) => ({ id: make.id, label: make.label }));
}

function valueOf(source: string, record: RecordData, now: string): unknown {
  const value = evaluateComputed(source, record, now);
  return typeof value === "number" ? roundMoney(value) : value;
}

/** A made table's rows: each listed row, or one for each row of the source's table. */
function madeRows(rows: MadeRows, record: RecordData, now: string): RecordData[] {
  const columns = (row: Readonly<Record<string, string>>, over: RecordData) =>
    Object.fromEntries(
      Object.entries(row).map(([column, expression]) => [column, valueOf(expression, over, now)]),
    );
  if (!("each" in rows)) return rows.map((row) => columns(row, record));
  return ((record[rows.each] as RecordData[] | undefined) ?? []).map((source) =>
    columns(rows.row, source)
  );
}

/** The values of the new record `make` starts from `record` (as the caller sees it). */
export async function madeRecord(
  q: Queryable,
  access: MembershipAccess,
  source: { type: RecordType; record: RecordData },
  makeId: string,
  context: { types: ReadonlyMap<string, RecordType>; now: string },
): Promise<MadeRecord> {
  const { type, record } = source;
  const make: MakeDeclaration | undefined = type.declaration.makes?.find((m) => m.id === makeId);
  if (!make) throw notFound(`"${makeId}" of ${type.declaration.label}`);
  const target = context.types.get(make.type)!;
  requireAuthorized(access, target.module, "create");
  if (!conditionHolds(make.when, record, context.now, false)) {
    throw conflict(
      `${make.label} is not offered on ${type.declaration.label.toLowerCase()} ${record.name} now`,
    );
  }
  const values: RecordData = {};
  for (const [id, value] of Object.entries(make.values)) {
    values[id] = typeof value === "string"
      ? valueOf(value, record, context.now)
      : madeRows(value, record, context.now);
  }
  const findType = (id: string) => context.types.get(id);
  await addLinkTitles(
    q,
    access.organizationId,
    target.fields.filter((f) => Object.hasOwn(values, f.id)),
    [values],
    findType,
  );
  const route = target.declaration.form_route ?? `${target.module}/:id`;
  return { type: target.id, path: `/app/${route.replace(":id", "new")}`, values };
}

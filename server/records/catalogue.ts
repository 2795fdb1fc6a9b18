/**
 * Every record type of the product: the types its areas declare
 * (`server/areas/<area>/area.ts`), in the order of the list of areas. The list is
 * read at call time, never while modules load, because the areas' own calls ask
 * the engine about their types.
 */
import type { RecordType } from "./define.ts";
import { areas } from "../areas/mod.ts";

let types: readonly RecordType[] | undefined;
let byId: ReadonlyMap<string, RecordType> | undefined;

/** The declared record types. */
export function recordTypes(): readonly RecordType[] {
  return types ??= areas().flatMap((area) => area.types);
}

/** The declared record types by id. */
export function recordTypeMap(): ReadonlyMap<string, RecordType> {
  return byId ??= new Map(recordTypes().map((t) => [t.id, t]));
}

/** The record type with this id, if declared. */
export function findRecordType(id: string): RecordType | undefined {
  return recordTypeMap().get(id);
}

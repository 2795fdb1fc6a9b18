/**
 * Every record type of the product, in the order the API lists them. Declarations
 * are data: this file and `types/` import nothing but the declaration helpers and
 * `schemas/`, so any layer may read them.
 */
import type { RecordType } from "./define.ts";

/** The declared record types. */
export const RECORD_TYPES: readonly RecordType[] = [];

/** The record type with this id, if declared. */
export function findRecordType(id: string): RecordType | undefined {
  return RECORD_TYPES.find((t) => t.id === id);
}

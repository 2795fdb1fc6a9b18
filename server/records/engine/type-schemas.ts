/**
 * Each record type's own request and response schemas, for the OpenAPI document
 * and for checking answers in tests: a record with its typed fields, the values a
 * create or update sends.
 */
import { z } from "zod";
import type { RecordField, RecordType } from "../define.ts";

function valueSchema(field: RecordField): z.ZodType {
  switch (field.type) {
    case "int":
    case "float":
    case "currency":
    case "percent":
      return z.number();
    case "check":
      return z.boolean();
    case "table":
      return z.array(
        z.object(Object.fromEntries(
          [
            ["id", z.string().optional()],
            ...(field.childFields ?? []).map((c) => [c.id, valueSchema(c).nullable().optional()]),
          ],
        )).catchall(z.unknown()),
      );
    default:
      return z.string();
  }
}

/** A record of the type as the API answers it (fields the caller may not see are absent). */
export function recordSchema(type: RecordType): z.ZodType {
  const shape: Record<string, z.ZodType> = {
    id: z.string(),
    name: z.string(),
    title: z.string(),
    version: z.number().int(),
    created_at: z.string().optional(),
    created_by: z.string().nullable().optional(),
    updated_at: z.string().optional(),
    updated_by: z.string().nullable().optional(),
  };
  if (type.declaration.states || type.declaration.derived_status) {
    shape.status = z.string().optional();
  }
  if (type.declaration.submittable) {
    shape.docstatus = z.number().int().optional();
    shape.amended_from = z.string().nullable().optional();
  }
  for (const field of type.fields) {
    shape[field.id] = valueSchema(field).nullable().optional();
    if (field.type === "link") shape[`${field.id}__title`] = z.string().nullable().optional();
  }
  return z.object(shape).strict().meta({ id: `record:${type.id}` });
}

/** The values a create or update of the type may send (checked field by field by the engine). */
export function valuesSchema(type: RecordType): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const field of type.fields) {
    if (field.read_only || field.computed || (field.fetch_from && !field.fetch_if_empty)) continue;
    shape[field.id] = valueSchema(field).nullable().optional().describe(field.label);
  }
  return z.object(shape).strict();
}

/**
 * The check a type may ask for before a new record is created (`create_check` of
 * its metadata): the server answers the existing records the new one looks like,
 * each named and linked, and the form shows them and creates only when the
 * person chooses to create anyway. A check that fails never stops a save.
 */
import type { RecordTypeMeta } from "../../schemas/records/meta.ts";
import { apiRequest } from "../api/api-client.ts";

/** An existing record the new one looks like. */
export interface CreateWarning {
  text: string;
  link?: { label: string; to: string };
}

/** The warnings of the type's check for these values; none when it has no check or the check fails. */
export async function createWarnings(
  meta: RecordTypeMeta,
  values: Record<string, unknown>,
): Promise<CreateWarning[]> {
  if (!meta.create_check) return [];
  try {
    const answer = await apiRequest<{ warnings?: CreateWarning[] }>(meta.create_check, {
      method: "POST",
      body: { type: meta.id, values },
    });
    return Array.isArray(answer.warnings) ? answer.warnings : [];
  } catch {
    return [];
  }
}

/**
 * The fields a stage requires, as a stage row stores them (lead field ids
 * separated by commas), and the check that each is a lead field a person can set.
 */
import type { RecordType } from "../../../records/define.ts";

/** The field ids a stage's `required_fields` names, in order, without blanks. */
export function requiredFieldsOf(text: string): string[] {
  return text.split(",").map((id) => id.trim()).filter((id) => id !== "");
}

/** The ids among `ids` that are not lead fields a caller can set. */
export function unknownLeadFields(lead: RecordType, ids: readonly string[]): string[] {
  return ids.filter((id) => {
    const field = lead.field.get(id);
    return !field || field.type === "table" || field.read_only || field.computed ||
      field.hidden === true;
  });
}

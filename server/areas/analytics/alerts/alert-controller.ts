/**
 * A report alert's controller: an alert is saved only on a report its owner may
 * read and that comes to one number (else a 400 naming `report`, or `measure`),
 * and it is saved with the number as it stands, so the first change that meets
 * its condition is the one that fires it, not the save.
 */
import { defineController } from "../../../records/engine/controller.ts";
import { recordTypeMap } from "../../../records/catalogue.ts";
import { REPORT_ALERT } from "../types/report-alert.ts";
import { alertNumber, conditionMet } from "./alert-number.ts";

const column = (id: string) => REPORT_ALERT.field.get(id)!.column;

export const REPORT_ALERT_CONTROLLER = defineController({
  type: REPORT_ALERT,
  async beforeSave({ read, access, checked, now }) {
    const { value } = await alertNumber(
      { db: read, types: recordTypeMap(), clock: () => Date.parse(now) },
      access,
      {
        report: String(checked.values.report ?? ""),
        measure: String(checked.values.measure ?? ""),
      },
    );
    const met = conditionMet(
      String(checked.values.condition ?? "above"),
      value,
      Number(checked.values.threshold),
    );
    checked.columns.set(column("last_value"), value);
    checked.columns.set(column("last_state"), met ? "met" : "clear");
    checked.columns.set(column("last_checked_at"), now);
    checked.columns.set(column("stopped_reason"), "");
  },
});

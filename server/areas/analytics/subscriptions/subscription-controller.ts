/**
 * A report subscription's controller: a person subscribes only to a report they
 * may read (their own, or one shared with them); anything else is a 400 naming
 * `report`, as an unknown report would be.
 */
import { defineController } from "../../../records/engine/controller.ts";
import { recordTypes } from "../../../records/catalogue.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import { REPORT_SUBSCRIPTION } from "../types/report-subscription.ts";
import { readableReport } from "./readable-report.ts";

export const REPORT_SUBSCRIPTION_CONTROLLER = defineController({
  type: REPORT_SUBSCRIPTION,
  async beforeSave({ read, access, checked, now }) {
    const types = new Map(recordTypes().map((t) => [t.id, t]));
    const id = String(checked.values.report ?? "");
    const report = await readableReport(
      { db: read, types, clock: () => Date.parse(now) },
      access,
      id,
    );
    if (!report) {
      const why = "You may not read this report";
      throw invalidInput(why, { report: why });
    }
  },
});

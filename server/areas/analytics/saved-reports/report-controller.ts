/**
 * A saved report's controller: before a report is stored, its query is run once
 * (one row) as its saver would run it, so a report that saves is a report that runs.
 */
import { defineController } from "../../../records/engine/controller.ts";
import { runQuery } from "../../../records/engine/record-query.ts";
import { recordTypeMap } from "../../../records/catalogue.ts";
import { REPORT } from "../types/report.ts";
import { checkedDefinition, parsedDefinition } from "./report-definition.ts";

export const REPORT_CONTROLLER = defineController({
  type: REPORT,
  async beforeSave({ read, access, checked, now }) {
    const definition = parsedDefinition(checked.values.definition);
    const typeId = String(checked.values.record_type ?? "");
    await checkedDefinition(() =>
      runQuery(
        { db: read, types: recordTypeMap(), clock: () => Date.parse(now) },
        access,
        typeId,
        { ...definition, limit: 1 },
        read,
      )
    );
  },
});

/**
 * A dashboard's controller: every card is a report its saver may read (their own,
 * or one shared with them), so a dashboard never carries a report its owner could
 * not open. Its readers still see each card computed with their own permissions.
 */
import { defineController } from "../../../records/engine/controller.ts";
import { readableClause } from "../../../records/engine/record-access.ts";
import { recordTypeMap } from "../../../records/catalogue.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import { DASHBOARD } from "../types/dashboard.ts";
import { REPORT } from "../types/report.ts";

const NOT_SHARED = "Must be a report you may open (yours, or one shared with you)";

export const DASHBOARD_CONTROLLER = defineController({
  type: DASHBOARD,
  async beforeSave({ read, access, checked }) {
    const cards = Array.isArray(checked.values.cards)
      ? checked.values.cards as { report?: unknown }[]
      : [];
    const ids = cards.map((card) => String(card.report ?? ""));
    if (ids.length === 0) return;
    const where = readableClause({ types: recordTypeMap() }, access, REPORT);
    const rows = await read.all<{ id: string }>(
      `SELECT t.id FROM ${REPORT.table} t WHERE ${where.sql} AND t.id IN (${
        ids.map(() => "?").join(", ")
      })`,
      [...where.params, ...ids],
    );
    const readable = new Set(rows.map((row) => row.id));
    const refused = ids.flatMap((id, index) => readable.has(id) ? [] : [index]);
    if (refused.length === 0) return;
    const errors = Object.fromEntries(refused.map((i) => [`cards[${i}].report`, NOT_SHARED]));
    throw invalidInput(`${NOT_SHARED} (card ${refused[0] + 1})`, errors);
  },
});

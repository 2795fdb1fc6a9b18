/**
 * The number an alert watches: its report's one total, computed as one person may
 * read it (the report through the engine's query over reports, its records with
 * their own permissions, so a member's alert counts only what the member may
 * see). A report comes to one number when it has totals and no groups; with
 * several totals the alert's `measure` names one. Anything else is a 400 naming
 * the field to change (`report`, or `measure`).
 */
import type { Reader } from "../../../db/database.ts";
import type { QueryRequest } from "../../../../schemas/records/query.ts";
import type { MembershipAccess } from "../../../platform/access/access.ts";
import { AppError, invalidInput } from "../../../platform/errors/app-error.ts";
import type { RecordType } from "../../../records/define.ts";
import { runQuery } from "../../../records/engine/record-query.ts";
import { parsedDefinition } from "../saved-reports/report-definition.ts";
import { type ReadableReport, readableReport } from "../subscriptions/readable-report.ts";

/** Where an alert's number is read from. */
export interface AlertSource {
  db: Reader;
  types: ReadonlyMap<string, RecordType>;
  clock: () => number;
}

/** What an alert reads: which report and which of its totals. */
export interface WatchedFigure {
  report: string;
  measure?: string;
}

/** A report's number as one person reads it now. */
export interface AlertNumber {
  report: ReadableReport;
  value: number;
}

function refused(field: "report" | "measure", why: string): AppError {
  return invalidInput(why, { [field]: why });
}

/** The `as` of the total an alert watches in `definition`, or a 400 naming what is wrong. */
export function watchedTotal(definition: QueryRequest, measure: string): string {
  const totals = (definition.aggregates ?? []).map((a) => a.as);
  if (definition.group_by?.length || totals.length === 0) {
    throw refused(
      "report",
      "This report does not come to one number: choose one with totals and no groups",
    );
  }
  if (measure) {
    if (!totals.includes(measure)) {
      throw refused(
        "measure",
        `This report has no total "${measure}" (it has ${totals.join(", ")})`,
      );
    }
    return measure;
  }
  if (totals.length > 1) {
    throw refused("measure", `Say which of the report's totals to watch: ${totals.join(", ")}`);
  }
  return totals[0];
}

/** The report's number as `access` may read it, or a 400 naming `report` (or `measure`). */
export async function alertNumber(
  source: AlertSource,
  access: MembershipAccess,
  figure: WatchedFigure,
): Promise<AlertNumber> {
  const report = await readableReport(source, access, figure.report);
  if (!report) throw refused("report", "You may not read this report");
  let definition: QueryRequest;
  try {
    definition = parsedDefinition(report.definition);
  } catch {
    throw refused("report", "This report's query cannot be read");
  }
  const total = watchedTotal(definition, figure.measure ?? "");
  try {
    const { rows } = await runQuery(source, access, report.recordType, {
      ...definition,
      limit: 1,
    });
    const value = Number(rows[0]?.[total] ?? 0);
    return { report, value: Number.isFinite(value) ? value : 0 };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      throw refused("report", `This report cannot be computed for you: ${error.message}`);
    }
    throw error;
  }
}

/** Whether `value` meets the alert's condition. */
export function conditionMet(condition: string, value: number, threshold: number): boolean {
  return condition === "below" ? value < threshold : value > threshold;
}

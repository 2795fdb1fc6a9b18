/** The sales forecast call (`GET /api/sales/forecast`), read as the caller. */
import type { Database } from "../../../db/database.ts";
import type { Api } from "../../../platform/http/api.ts";
import { forbidden, invalidInput } from "../../../platform/errors/app-error.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { figureReader } from "../../../records/engine/figure-reader.ts";
import { mayReadType } from "../../../records/engine/record-access.ts";
import {
  SalesForecastQuery,
  SalesForecastResponse,
} from "../../../../schemas/api/sales-forecast.ts";
import { LEAD } from "../types/lead.ts";
import { salesForecast } from "./forecast-reader.ts";

/** Declares the forecast call. */
export function forecastRoutes(
  api: Api,
  db: Database,
  records: RecordEngine,
  clock: () => number,
): void {
  api.route({
    method: "get",
    path: "/api/sales/forecast",
    tag: "Leads",
    summary: "The sales forecast: weighted pipeline, commit and best case by month and owner",
    description:
      "For `months` months from the current one (1–36): open leads (not Omitted) by expected close month — weighted = Σ estimated value × stage probability, commit = Σ Commit leads, best_case = commit + Σ Best case leads — and `won`, the estimated value of leads won in the month. `past` months (0–36) show the forecast snapshotted at their start with commit_accuracy = won / commit × 100 and weighted_accuracy = won / weighted × 100. Counts only the leads the caller may read.",
    audience: "staff",
    query: SalesForecastQuery,
    response: SalesForecastResponse,
  }, async (c, { access, query }) => {
    const lead = records.findType(LEAD.id);
    if (!lead || !mayReadType(lead, access)) {
      throw forbidden("Your role may not read leads, so it has no forecast");
    }
    if (query.owner) {
      const member = await db.get(
        "SELECT 1 AS one FROM user_organizations WHERE user_id = ? AND organization_id = ?",
        [query.owner, access.organizationId],
      );
      if (!member) {
        throw invalidInput("owner is not a member of this organisation", {
          owner: "Not a member of this organisation",
        });
      }
    }
    const now = new Date(clock()).toISOString();
    return c.json(
      await salesForecast(figureReader(records, access), db, access.organizationId, query, now),
    );
  });
}

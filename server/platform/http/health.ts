/**
 * The health check: whether the server runs and its database answers. The
 * database is asked a read that must answer within `DATABASE_ANSWER_MS`; a
 * database that does not (a transaction that never ends, a lock held elsewhere) is
 * reported as `unavailable` with 503, so load balancers and monitors take the
 * instance out instead of waiting on it.
 */
import { HealthResponse } from "../../../schemas/api/feedback.ts";
import type { Database } from "../../db/database.ts";
import type { Api } from "./api.ts";

/** How long the database may take to answer the health read. */
export const DATABASE_ANSWER_MS = 1000;

/** Declares `GET /api/health`. */
export function healthRoutes(
  api: Api,
  db: Database,
  options: { clock: () => number; version: string },
): void {
  const started = options.clock();
  api.route({
    method: "get",
    path: "/api/health",
    tag: "Public",
    summary: "Live health of the server and its database (503 when the database does not answer)",
    audience: "public",
    response: HealthResponse,
  }, async (c) => {
    const t0 = performance.now();
    const ok = await databaseAnswers(db);
    return c.json({
      status: ok ? "ok" as const : "unavailable" as const,
      version: options.version,
      database: { ok, latency_ms: Math.round((performance.now() - t0) * 1000) / 1000 },
      uptime_seconds: Math.round((options.clock() - started) / 1000),
      time: new Date(options.clock()).toISOString(),
    }, ok ? 200 : 503);
  });
}

/** Whether a read answers in time; a read that fails or waits too long is a no. */
async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_ANSWER_MS);
  });
  try {
    return await Promise.race([
      db.get("SELECT 1 AS ok").then(() => true, () => false),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

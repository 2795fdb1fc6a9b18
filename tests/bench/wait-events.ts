/**
 * What a PostgreSQL database's sessions are doing during a run: pg_stat_activity
 * sampled at a fixed interval (pg_stat_statements is not assumed to be loaded).
 * Each sample of each client session counts once under its state and wait event;
 * the sessions that only LISTEN are left out. For sessions in an open transaction
 * it also counts the statement they last ran (what the transaction waits after).
 */
import postgres from "postgres";

const INTERVAL_MS = 50;

/** Samples the sessions of the database at `url` until stopped. */
export function sampleWaitEvents(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {}, fetch_types: false });
  const counts = new Map<string, number>();
  const inTransaction = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const rows = await sql<
        { state: string | null; type: string | null; event: string | null; query: string }[]
      >`
        SELECT state, wait_event_type AS type, wait_event AS event, query FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND backend_type = 'client backend' AND query NOT ILIKE 'listen %'`;
      samples++;
      for (const row of rows) {
        const label = row.state === "active"
          ? row.event ? `active, waiting on ${row.type}:${row.event}` : "active, running"
          : row.state === "idle"
          ? "idle, waiting for the server instance"
          : `${row.state}${row.event ? `, waiting on ${row.type}:${row.event}` : ""}`;
        counts.set(label, (counts.get(label) ?? 0) + 1);
        if (row.state?.startsWith("idle in transaction")) {
          const statement = row.query.replace(/\s+/g, " ").trim().slice(0, 70);
          inTransaction.set(statement, (inTransaction.get(statement) ?? 0) + 1);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
    }
  })();
  return {
    /** Stops sampling; one line: the share of session-samples in each state, largest first. */
    async stop(): Promise<string> {
      running = false;
      await loop;
      await sql.end({ timeout: 5 });
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const shares = (map: Map<string, number>, n = 12) =>
        [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([label, k]) =>
          `${label} ${(100 * k / total).toFixed(1)}%`
        ).join(", ");
      const after = inTransaction.size
        ? `; idle in transaction after: ${shares(inTransaction, 4)}`
        : "";
      return `${samples} samples, ${
        (total / Math.max(samples, 1)).toFixed(1)
      } sessions on average: ${shares(counts)}${after}`;
    },
  };
}

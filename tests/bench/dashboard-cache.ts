/**
 * Benchmark (issues 4c and 26): a dashboard analytics cache hit —
 * POST /api/v1/analytics/dashboard for the same organisation and range, through the
 * full router (request id, log, security headers, body limit, session check, module
 * guard, validation) — against a bare Deno.serve that reads the request body and
 * answers the same response (status, headers, bytes), on loopback. Prints the ratio
 * (budget: at least 0.6), the median of paired rounds, on SQLite and — when
 * BENCH_DATABASE_URL names a PostgreSQL server — on a fresh PostgreSQL database
 * too, each seeded by the server; once, the floor: a bare Deno.serve doing only
 * what every server of this answer must add (find the caller, a fresh request id)
 * against the same baseline; and per database the top five costs of the server's
 * CPU profile under the same load (a profiled server of its own, router-profile.ts).
 * Ports from BENCH_PORT (default 8911) to BENCH_PORT + 3.
 */
import { compareThroughput, describe, requestsPerSecond } from "./load.ts";
import { record, sameAnswer, signIn, startApp, startBaseline } from "./servers.ts";
import { benchDialects, createBenchDatabase, dialectName, POSTGRES_HINT } from "./databases.ts";
import { profileUnderLoad } from "./router-profile.ts";

const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 15);
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 2);
const PORT = Number(Deno.env.get("BENCH_PORT") ?? 8911);
const BUDGET = 0.6;
const PATH = "/api/v1/analytics/dashboard";

const today = new Date().toISOString().slice(0, 10);
const start = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const body = JSON.stringify({ start_date: start, end_date: today });
const load = { seconds: SECONDS, connections: 50, method: "POST" as const, body, rounds: ROUNDS };

/** The headers of the dashboard call as the Acme administrator on a server. */
async function callerOf(url: string) {
  return {
    authorization: `Bearer ${await signIn(url)}`,
    "content-type": "application/json",
  };
}

/** Asks for the dashboard once, so that the next asks are cache hits. */
async function fillCache(url: string, headers: Record<string, string>): Promise<void> {
  const first = await fetch(url + PATH, { method: "POST", headers, body });
  if (first.status !== 200) throw new Error(`dashboard answered ${first.status}`);
  await first.body?.cancel();
}

const dialects = benchDialects();
if (dialects.length === 1) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);
for (const [index, dialect] of dialects.entries()) {
  const database = await createBenchDatabase(dialect);
  const app = await startApp(PORT, { databaseUrl: database.url });
  try {
    const headers = await callerOf(app.url);
    const dashboard = () => fetch(app.url + PATH, { method: "POST", headers, body });
    await fillCache(app.url, headers);
    // Every request goes through the router and its middleware: two hits, the same answer.
    const hit = await record(await dashboard());
    sameAnswer(hit, await record(await dashboard()), "cached dashboard");
    const baseline = await startBaseline(PORT + 1, { ok: hit });
    // The floor does not depend on the database: measured with the first dialect only.
    const floor = index === 0
      ? await startBaseline(PORT + 2, { ok: hit, callers: [headers.authorization] }, {
        floor: true,
      })
      : undefined;
    try {
      const comparison = await compareThroughput(
        app.url + PATH,
        baseline.url + PATH,
        headers,
        load,
      );
      console.log(
        describe(
          `${dialectName(dialect)} cached POST ${PATH}`,
          comparison,
          BUDGET,
          `${atob(hit.body!).length} bytes, ${hit.headers.length} headers`,
        ),
      );
      if (floor) {
        const least = await compareThroughput(floor.url + PATH, baseline.url + PATH, headers, load);
        console.log(
          describe(
            `  floor of cached POST ${PATH}`,
            least,
            BUDGET,
            "caller lookup + fresh request id",
            "floor",
          ),
        );
      }
    } finally {
      await floor?.stop();
      await baseline.stop();
    }
    const top = await profileUnderLoad({
      databaseUrl: database.url,
      port: PORT + 3,
      load: async (url) => {
        const caller = await callerOf(url);
        await fillCache(url, caller);
        await requestsPerSecond(url + PATH, caller, load);
        await requestsPerSecond(url + PATH, caller, load);
      },
    });
    console.log(
      `  ${
        dialectName(dialect)
      } CPU profile of the server under the cached POST load, top five by self time (share of busy time):\n${
        top.map((line) => `    ${line}`).join("\n")
      }`,
    );
  } finally {
    await app.stop();
    await database.drop();
  }
}

/**
 * Benchmark (issues 2 and 12): GET /ui/shell for the Acme admin, through the full
 * router (every middleware and the session check), against a bare Deno.serve
 * answering the same response (status, headers, bytes), on loopback, and likewise
 * the 304 revalidation path. Prints requests per second and the ratio (budget:
 * ≥ 0.5), the median of paired rounds, on SQLite and — when BENCH_DATABASE_URL
 * names a PostgreSQL server — on a fresh PostgreSQL database too, each seeded by
 * the server. It also prints, once, the floor: a bare Deno.serve doing only what
 * every server of these answers must add (find the caller, a fresh request id)
 * against the same baseline — the best ratio any implementation can reach here.
 * Ports from BENCH_PORT (default 8901) to BENCH_PORT + 2.
 */
import { compareThroughput, describe } from "./load.ts";
import { record, sameAnswer, startApp, startBaseline } from "./servers.ts";
import { benchDialects, createBenchDatabase, dialectName, POSTGRES_HINT } from "./databases.ts";

const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 15);
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 2);
const PORT = Number(Deno.env.get("BENCH_PORT") ?? 8901);
const BUDGET = 0.5;
const load = { seconds: SECONDS, connections: 50, rounds: ROUNDS };

const dialects = benchDialects();
if (dialects.length === 1) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);
for (const [index, dialect] of dialects.entries()) {
  const database = await createBenchDatabase(dialect);
  const app = await startApp(PORT, { databaseUrl: database.url });
  try {
    const login = await fetch(`${app.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@acme.test", password: "demo-password" }),
    });
    const { access_token: token } = await login.json();
    const auth = { authorization: `Bearer ${token}` };
    const shell = () => fetch(`${app.url}/ui/shell`, { headers: auth });
    // The first answer is built and cached; the next is the prepared copy.
    const ok = await record(await shell());
    sameAnswer(ok, await record(await shell()), "GET /ui/shell");
    const etag = ok.headers.find(([name]) => name === "etag")![1];
    const notModified = await record(
      await fetch(`${app.url}/ui/shell`, { headers: { ...auth, "if-none-match": etag } }),
    );
    const baseline = await startBaseline(PORT + 1, { ok, notModified });
    // The floor does not depend on the database: measured with the first dialect only.
    const floor = index === 0
      ? await startBaseline(PORT + 2, { ok, notModified, callers: [auth.authorization] }, {
        floor: true,
      })
      : undefined;
    try {
      for (
        const [label, extra] of [["200 GET /ui/shell", {}], ["304 GET /ui/shell (If-None-Match)", {
          "if-none-match": etag,
        }]] as const
      ) {
        const headers = { ...auth, ...extra };
        const detail = `${atob(ok.body!).length} bytes, ${ok.headers.length} headers`;
        const comparison = await compareThroughput(
          `${app.url}/ui/shell`,
          `${baseline.url}/ui/shell`,
          headers,
          load,
        );
        console.log(describe(`${dialectName(dialect)} ${label}`, comparison, BUDGET, detail));
        if (!floor) continue;
        const least = await compareThroughput(
          `${floor.url}/ui/shell`,
          `${baseline.url}/ui/shell`,
          headers,
          load,
        );
        console.log(
          describe(
            `  floor of ${label}`,
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
  } finally {
    await app.stop();
    await database.drop();
  }
}

/**
 * Benchmark (issues 2 and 12): GET /ui/shell for the Acme admin, through the full
 * router (every middleware and the session check), against a bare Deno.serve
 * answering the same response (status, headers, bytes), on loopback, and likewise
 * the 304 revalidation path. Prints requests per second and the ratio (budget:
 * ≥ 0.6), the median of paired rounds, on SQLite and — when BENCH_DATABASE_URL
 * names a PostgreSQL server — on a fresh PostgreSQL database too, each seeded by
 * the server. It also prints, once, the floor: a bare Deno.serve doing only what
 * every server of these answers must add (find the caller, a fresh request id)
 * against the same baseline — the best ratio any implementation can reach here.
 * Then, per database, the top five costs of the server's CPU profile under the
 * same load (a profiled server of its own, router-profile.ts).
 * Ports from BENCH_PORT (default 8901) to BENCH_PORT + 3.
 */
import { compareThroughput, describe, requestsPerSecond } from "./load.ts";
import { record, sameAnswer, signIn, startApp, startBaseline } from "./servers.ts";
import { profileUnderLoad } from "./router-profile.ts";
import { benchDialects, createBenchDatabase, dialectName, POSTGRES_HINT } from "./databases.ts";

const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 15);
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 2);
const PORT = Number(Deno.env.get("BENCH_PORT") ?? 8901);
const BUDGET = 0.6;
const load = { seconds: SECONDS, connections: 50, rounds: ROUNDS };

const dialects = benchDialects();
if (dialects.length === 1) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);
for (const [index, dialect] of dialects.entries()) {
  const database = await createBenchDatabase(dialect);
  const app = await startApp(PORT, { databaseUrl: database.url });
  try {
    const auth = { authorization: `Bearer ${await signIn(app.url)}` };
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
    const top = await profileUnderLoad({
      databaseUrl: database.url,
      port: PORT + 3,
      load: async (url) => {
        const headers = { authorization: `Bearer ${await signIn(url)}` };
        await (await fetch(`${url}/ui/shell`, { headers })).arrayBuffer();
        await requestsPerSecond(`${url}/ui/shell`, headers, load);
        await requestsPerSecond(`${url}/ui/shell`, { ...headers, "if-none-match": etag }, load);
      },
    });
    console.log(
      `  ${
        dialectName(dialect)
      } CPU profile of the server under the 200 and 304 loads, top five by self time (share of busy time):\n${
        top.map((line) => `    ${line}`).join("\n")
      }`,
    );
  } finally {
    await app.stop();
    await database.drop();
  }
}

/**
 * Benchmark (issue 2): GET /ui/shell for the Acme admin, through the full router
 * (every middleware and the session check), against a bare Deno.serve answering
 * the same response (status, headers, bytes), on loopback, and likewise
 * the 304 revalidation path. Prints requests per second and the ratio (budget:
 * ≥ 0.8), the median of paired rounds. For each it also prints the floor: a bare
 * Deno.serve doing only what every server of these answers must add (find the
 * caller, a fresh request id) against the same baseline — the best ratio any
 * implementation can reach here.
 */
import { compareThroughput, describe } from "./load.ts";
import { record, sameAnswer, startApp, startBaseline } from "./servers.ts";

const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 15);
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 2);
const load = { seconds: SECONDS, connections: 50, rounds: ROUNDS };

const app = await startApp(8901);
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
  const baseline = await startBaseline(8902, { ok, notModified });
  const floor = await startBaseline(8903, { ok, notModified, callers: [auth.authorization] }, {
    floor: true,
  });
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
      console.log(describe(label, comparison, 0.8, detail));
      const least = await compareThroughput(
        `${floor.url}/ui/shell`,
        `${baseline.url}/ui/shell`,
        headers,
        load,
      );
      console.log(
        describe(`  floor of ${label}`, least, 0.8, "caller lookup + fresh request id", "floor"),
      );
    }
  } finally {
    await floor.stop();
    await baseline.stop();
  }
} finally {
  await app.stop();
}

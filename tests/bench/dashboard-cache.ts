/**
 * Benchmark (issue 4c): a dashboard analytics cache hit —
 * POST /api/v1/analytics/dashboard for the same organisation and range, through the
 * full router (request id, log, security headers, body limit, session check, module
 * guard, validation) — against a
 * bare Deno.serve that reads the request body and answers the same response
 * (status, headers, bytes), on loopback. Prints the ratio (budget: at least 0.8),
 * and the floor: a bare Deno.serve doing only what every server of this answer must
 * add (find the caller, a fresh request id) against the same baseline.
 */
import { compareThroughput, describe } from "./load.ts";
import { record, sameAnswer, startApp, startBaseline } from "./servers.ts";

const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 15);
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 2);

const app = await startApp(8911);
try {
  const login = await fetch(`${app.url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@acme.test", password: "demo-password" }),
  });
  const { access_token: token } = await login.json();
  const today = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const body = JSON.stringify({ start_date: start, end_date: today });
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const dashboard = () =>
    fetch(`${app.url}/api/v1/analytics/dashboard`, { method: "POST", headers, body });
  const first = await dashboard();
  if (first.status !== 200) throw new Error(`dashboard answered ${first.status}`);
  await first.body?.cancel();
  // Every request goes through the router and its middleware: two hits, the same answer.
  const hit = await record(await dashboard());
  sameAnswer(hit, await record(await dashboard()), "cached dashboard");
  const baseline = await startBaseline(8912, { ok: hit });
  const floor = await startBaseline(8913, { ok: hit, callers: [headers.authorization] }, {
    floor: true,
  });
  try {
    const load = {
      seconds: SECONDS,
      connections: 50,
      method: "POST" as const,
      body,
      rounds: ROUNDS,
    };
    const url = "/api/v1/analytics/dashboard";
    const comparison = await compareThroughput(app.url + url, baseline.url + url, headers, load);
    console.log(
      describe(
        `cached POST ${url}`,
        comparison,
        0.8,
        `${atob(hit.body!).length} bytes, ${hit.headers.length} headers`,
      ),
    );
    const least = await compareThroughput(floor.url + url, baseline.url + url, headers, load);
    console.log(
      describe(
        `  floor of cached POST ${url}`,
        least,
        0.8,
        "caller lookup + fresh request id",
        "floor",
      ),
    );
  } finally {
    await floor.stop();
    await baseline.stop();
  }
} finally {
  await app.stop();
}

/**
 * Benchmark (issue 4c): a dashboard analytics cache hit —
 * POST /api/v1/analytics/dashboard for the same organisation and range — against a
 * bare Deno.serve answering the same bytes, on loopback. Prints the ratio (budget:
 * at least 0.8).
 */
import { requestsPerSecond } from "./load.ts";
import { startApp, startBaseline } from "./servers.ts";

const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 4);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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
  const first = await fetch(`${app.url}/api/v1/analytics/dashboard`, {
    method: "POST",
    headers,
    body,
  });
  const bytes = new Uint8Array(await first.arrayBuffer());
  if (first.status !== 200) throw new Error(`dashboard answered ${first.status}`);
  const baseline = await startBaseline(8912, bytes, '"dashboard"');
  try {
    const load = { seconds: SECONDS, connections: 50, method: "POST" as const, body };
    const appRates: number[] = [], baseRates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      baseRates.push(
        await requestsPerSecond(`${baseline.url}/api/v1/analytics/dashboard`, headers, load),
      );
      appRates.push(
        await requestsPerSecond(`${app.url}/api/v1/analytics/dashboard`, headers, load),
      );
    }
    const a = median(appRates), b = median(baseRates);
    console.log(
      `cached POST /api/v1/analytics/dashboard: app ${a.toFixed(0)} req/s, bare Deno.serve ${
        b.toFixed(0)
      } req/s, ratio ${(a / b).toFixed(2)} (budget ≥ 0.80; ${bytes.length} bytes)`,
    );
  } finally {
    await baseline.stop();
  }
} finally {
  await app.stop();
}

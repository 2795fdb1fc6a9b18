/**
 * Benchmark (issue 2): GET /ui/shell for the Acme admin against a bare Deno.serve
 * answering the same bytes, on loopback, and likewise the 304 revalidation path.
 * Prints requests per second and the ratio (budget: ≥ 0.8). Rounds alternate
 * between the two servers and the median of each is compared.
 */
import { requestsPerSecond } from "./load.ts";
import { startApp, startBaseline } from "./servers.ts";

const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 4);
const load = { seconds: SECONDS, connections: 50 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const app = await startApp(8901);
try {
  const login = await fetch(`${app.url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@acme.test", password: "demo-password" }),
  });
  const { access_token: token } = await login.json();
  const first = await fetch(`${app.url}/ui/shell`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = new Uint8Array(await first.arrayBuffer());
  const etag = first.headers.get("etag")!;
  const baseline = await startBaseline(8902, body, etag);
  try {
    const auth = { authorization: `Bearer ${token}` };
    for (
      const [label, extra] of [["200 GET /ui/shell", {}], ["304 GET /ui/shell (If-None-Match)", {
        "if-none-match": etag,
      }]] as const
    ) {
      const appRates: number[] = [], baseRates: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        baseRates.push(
          await requestsPerSecond(`${baseline.url}/ui/shell`, { ...auth, ...extra }, load),
        );
        appRates.push(await requestsPerSecond(`${app.url}/ui/shell`, { ...auth, ...extra }, load));
      }
      const a = median(appRates), b = median(baseRates);
      console.log(
        `${label}: app ${a.toFixed(0)} req/s, bare Deno.serve ${b.toFixed(0)} req/s, ratio ${
          (a / b).toFixed(2)
        } (budget ≥ 0.80; ${body.length} bytes)`,
      );
    }
  } finally {
    await baseline.stop();
  }
} finally {
  await app.stop();
}

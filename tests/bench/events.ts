/**
 * Benchmark (issue 5): 200 event-stream clients on loopback; an administrator
 * toggles a module; prints the median and 99th percentile time from the admin's
 * request to each client receiving the change event, and the time for a client to
 * fetch its new shell descriptor afterwards. Budget: p99 under 250 ms.
 */
import { startApp } from "./servers.ts";
import { arrivals, openStreams, percentile, signInToken } from "./event-stream-clients.ts";
import { MAX_STREAMS_PER_SESSION } from "../../server/platform/admin/events-route.ts";

const CLIENTS = Number(Deno.env.get("BENCH_CLIENTS") ?? 200);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 5);

// The clients are one account's many tabs: its stream allowance is set out of their reach.
const app = await startApp(8931, { env: { EVENT_STREAMS_PER_USER: String(CLIENTS) } });

try {
  const admin = await signInToken(app.url, "admin@acme.test");
  // A session may hold MAX_STREAMS_PER_SESSION streams: the clients share enough sessions.
  const sales: string[] = [];
  for (let i = 0; i < Math.ceil(CLIENTS / MAX_STREAMS_PER_SESSION); i++) {
    sales.push(await signInToken(app.url, "sales@acme.test"));
  }
  const streams = await openStreams(app.url, CLIENTS, (client) => sales[client % sales.length]);

  let version = 1;
  const all: number[] = [];
  let missing = 0;
  const shellTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const res = await fetch(`${app.url}/admin/modules/toggle`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify({ module_id: "leads", enabled: round % 2 === 1, version }),
    });
    if (res.status !== 200) throw new Error(`toggle answered ${res.status}: ${await res.text()}`);
    await res.body?.cancel();
    version++;
    const times = await arrivals(streams, "change", started);
    all.push(...times.filter((t) => t !== undefined));
    missing += times.filter((t) => t === undefined).length;
    const s = performance.now();
    const shell = await fetch(`${app.url}/ui/shell`, {
      headers: { authorization: `Bearer ${sales[0]}` },
    });
    await shell.arrayBuffer();
    shellTimes.push(performance.now() - s);
    await new Promise((r) => setTimeout(r, 300));
  }
  console.log(
    `change event to ${CLIENTS} clients × ${ROUNDS} toggles: median ${
      percentile(all, 50).toFixed(1)
    } ms, p99 ${percentile(all, 99).toFixed(1)} ms (budget p99 < 250 ms), ${missing} missed`,
  );
  console.log(
    `new shell descriptor after a change: median ${
      percentile(shellTimes, 50).toFixed(1)
    } ms over ${shellTimes.length} fetches`,
  );
  await Promise.all(streams.map((stream) => stream.close()));
} finally {
  await app.stop();
}

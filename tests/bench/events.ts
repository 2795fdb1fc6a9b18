/**
 * Benchmark (issue 5): 200 event-stream clients on loopback; an administrator
 * toggles a module; prints the median and 99th percentile time from the admin's
 * request to each client receiving the change event, and the time for a client to
 * fetch its new shell descriptor afterwards. Budget: p99 under 250 ms.
 */
import { startApp } from "./servers.ts";
import { MAX_STREAMS_PER_SESSION } from "../../server/platform/admin/events-route.ts";

const CLIENTS = Number(Deno.env.get("BENCH_CLIENTS") ?? 200);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 5);

// The clients are one account's many tabs: its stream allowance is set out of their reach.
const app = await startApp(8931, { env: { EVENT_STREAMS_PER_USER: String(CLIENTS) } });

async function login(email: string): Promise<string> {
  const res = await fetch(`${app.url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "demo-password" }),
  });
  return (await res.json()).access_token;
}

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

try {
  const admin = await login("admin@acme.test");
  // A session may hold MAX_STREAMS_PER_SESSION streams: the clients share enough sessions.
  const sales: string[] = [];
  for (let i = 0; i < Math.ceil(CLIENTS / MAX_STREAMS_PER_SESSION); i++) {
    sales.push(await login("sales@acme.test"));
  }
  let round = -1;
  let started = 0;
  const arrivals: number[][] = Array.from({ length: ROUNDS }, () => []);
  const controllers: AbortController[] = [];
  let ready = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async (_, client) => {
    const controller = new AbortController();
    controllers.push(controller);
    const res = await fetch(`${app.url}/ui/events`, {
      headers: { authorization: `Bearer ${sales[client % sales.length]}` },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let cut;
          while ((cut = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.startsWith("event: hello")) ready++;
            if (block.startsWith("event: change") && round >= 0) {
              arrivals[round].push(performance.now() - started);
            }
          }
        }
      } catch {
        // aborted at the end
      }
    })();
  }));
  while (ready < CLIENTS) await new Promise((r) => setTimeout(r, 20));

  let version = 1;
  const shellTimes: number[] = [];
  for (round = 0; round < ROUNDS; round++) {
    started = performance.now();
    const res = await fetch(`${app.url}/admin/modules/toggle`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify({ module_id: "leads", enabled: round % 2 === 1, version }),
    });
    if (res.status !== 200) throw new Error(`toggle answered ${res.status}: ${await res.text()}`);
    await res.body?.cancel();
    version++;
    const deadline = performance.now() + 5000;
    while (arrivals[round].length < CLIENTS && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    const s = performance.now();
    const shell = await fetch(`${app.url}/ui/shell`, {
      headers: { authorization: `Bearer ${sales[0]}` },
    });
    await shell.arrayBuffer();
    shellTimes.push(performance.now() - s);
    await new Promise((r) => setTimeout(r, 300));
  }
  const all = arrivals.flat();
  const missing = CLIENTS * ROUNDS - all.length;
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
  for (const c of controllers) c.abort();
} finally {
  await app.stop();
}

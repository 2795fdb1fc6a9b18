/**
 * Sign-in latency under a deep-JSON flood: sequential sign-ins of a demo account
 * alone, then while a flood sends 20 requests a second, each an array nested
 * 7,000 deep, to `/auth/login` (anonymous, as an attacker would). Printed as the
 * ratio of the median and p95 under flood to the same figures alone (budget ≤
 * 1.5), with the flood's answers by status and their median time.
 *
 * The flood runs in a child process at the lowest CPU priority (`nice -n 19`):
 * on this one machine it stands in for callers on other machines, so what is
 * measured is the server's share of the CPU, not the load generator's. Rounds
 * alone and under flood are interleaved, so the load of other processes on the
 * machine drifts into both figures alike. Bounded in time: the whole run stops
 * after 45 seconds a round.
 */
import { startApp } from "./servers.ts";

/** Rounds of (sign-ins alone, sign-ins under flood); fewer for a slow server (`BENCH_ROUNDS`). */
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 4);
const SIGN_INS = 10;
/** The flood's rate and body: what issue 23 measured. */
const FLOOD_PER_SECOND = 20;
const FLOOD_DEPTH = 7_000;
/** Requests the flood keeps in flight at most; past it, a tick is skipped (and counted). */
const FLOOD_IN_FLIGHT = 40;
const DEADLINE_MS = 45_000 * ROUNDS;
const PORT = Number(Deno.env.get("BENCH_PORT") ?? 8833);
const ACCOUNT = { email: "admin@acme.test", password: "demo-password" };

/** What to stop if the deadline passes: the server and the flood, so no process outlives the run. */
const running = new Set<() => Promise<unknown>>();

const deadline = setTimeout(async () => {
  console.error(`deep-json-flood: stopped after ${DEADLINE_MS / 1000} seconds`);
  await Promise.allSettled([...running].map((stop) => stop()));
  Deno.exit(1);
}, DEADLINE_MS);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function summary(times: number[]): { median: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

async function signIns(url: string, times: number[]): Promise<void> {
  for (let i = 0; i < SIGN_INS; i++) {
    const started = performance.now();
    const res = await fetch(`${url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ACCOUNT),
    });
    await res.body?.cancel();
    if (res.status !== 200) throw new Error(`Sign-in answered ${res.status}`);
    times.push(performance.now() - started);
  }
}

/** Floods until stdin closes, then prints its statuses and times as JSON (the child process). */
async function flood(url: string): Promise<void> {
  const body = "[".repeat(FLOOD_DEPTH) + "]".repeat(FLOOD_DEPTH);
  const statuses: Record<string, number> = {};
  const times: number[] = [];
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const send = () => {
    if (inFlight >= FLOOD_IN_FLIGHT) {
      statuses.skipped = (statuses.skipped ?? 0) + 1;
      return;
    }
    inFlight++;
    const started = performance.now();
    const request = fetch(`${url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }).then(async (res) => {
      await res.body?.cancel();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      times.push(performance.now() - started);
    }, () => {
      statuses.error = (statuses.error ?? 0) + 1;
    }).finally(() => {
      inFlight--;
      pending.delete(request);
    });
    pending.add(request);
  };
  const timer = setInterval(send, 1000 / FLOOD_PER_SECOND);
  for await (const _ of Deno.stdin.readable) { /* runs until the parent closes stdin */ }
  clearInterval(timer);
  await Promise.all(pending);
  console.log(JSON.stringify({ statuses, times }));
}

/** Starts the flood in a low-priority child; the stop function answers what it saw. */
function startFlood(
  url: string,
): () => Promise<{ statuses: Record<string, number>; times: number[] }> {
  const deno = new URL("../../node_modules/.bin/deno", import.meta.url).pathname;
  const child = new Deno.Command("nice", {
    args: ["-n", "19", deno, "run", "-A", new URL(import.meta.url).pathname, "--flood", url],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const stop = async () => {
    running.delete(stop);
    await child.stdin.close().catch(() => {});
    const { stdout } = await child.output();
    return JSON.parse(new TextDecoder().decode(stdout).trim());
  };
  running.add(stop);
  return stop;
}

async function run(): Promise<void> {
  const app = await startApp(PORT);
  running.add(app.stop);
  try {
    await signIns(app.url, []); // warm-up
    const aloneTimes: number[] = [];
    const floodedTimes: number[] = [];
    const statuses: Record<string, number> = {};
    const floodTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await signIns(app.url, aloneTimes);
      const stop = startFlood(app.url);
      await new Promise((r) => setTimeout(r, 1000));
      await signIns(app.url, floodedTimes);
      const seen = await stop();
      for (const [status, n] of Object.entries(seen.statuses)) {
        statuses[status] = (statuses[status] ?? 0) + n;
      }
      floodTimes.push(...seen.times);
    }
    const alone = summary(aloneTimes);
    const flooded = summary(floodedTimes);
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    console.log(
      `deep-json-flood: sign-in alone median ${ms(alone.median)}, p95 ${ms(alone.p95)}; ` +
        `under ${FLOOD_PER_SECOND}/s of ${FLOOD_DEPTH.toLocaleString("en")}-deep arrays ` +
        `median ${ms(flooded.median)}, p95 ${ms(flooded.p95)}; ratio median ${
          ratio(flooded.median, alone.median)
        }, p95 ${ratio(flooded.p95, alone.p95)} (budget 1.5); flood answers by status ${
          JSON.stringify(statuses)
        }, median ${floodTimes.length ? ms(summary(floodTimes).median) : "—"} each`,
    );
  } finally {
    running.delete(app.stop);
    await app.stop();
  }
}

if (Deno.args[0] === "--flood") {
  clearTimeout(deadline);
  await flood(Deno.args[1]);
} else {
  await run();
  clearTimeout(deadline);
}

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
import {
  deadline,
  running,
  signInFigures,
  signInsUnderFlood,
  startFloodChild,
  summary,
} from "./sign-ins-under-flood.ts";

/** Rounds of (sign-ins alone, sign-ins under flood); fewer for a slow server (`BENCH_ROUNDS`). */
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 4);
/** The flood's rate and body: what issue 23 measured. */
const FLOOD_PER_SECOND = 20;
const FLOOD_DEPTH = 7_000;
/** Requests the flood keeps in flight at most; past it, a tick is skipped (and counted). */
const FLOOD_IN_FLIGHT = 40;
const DEADLINE_MS = 45_000 * ROUNDS;
const PORT = Number(Deno.env.get("BENCH_PORT") ?? 8833);

const callOff = deadline("deep-json-flood", DEADLINE_MS);

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

async function run(): Promise<void> {
  const app = await startApp(PORT);
  running.add(app.stop);
  try {
    const { alone, flooded, floods } = await signInsUnderFlood(
      app.url,
      ROUNDS,
      () => startFloodChild(import.meta.url, app.url),
    );
    const statuses: Record<string, number> = {};
    const floodTimes: number[] = [];
    for (const answer of floods) {
      const seen: { statuses: Record<string, number>; times: number[] } = JSON.parse(answer);
      for (const [status, n] of Object.entries(seen.statuses)) {
        statuses[status] = (statuses[status] ?? 0) + n;
      }
      floodTimes.push(...seen.times);
    }
    const flood = `${FLOOD_PER_SECOND}/s of ${FLOOD_DEPTH.toLocaleString("en")}-deep arrays`;
    const each = floodTimes.length ? `${summary(floodTimes).median.toFixed(0)} ms` : "—";
    console.log(
      `deep-json-flood: ${signInFigures(alone, flooded, flood)}; flood answers by status ${
        JSON.stringify(statuses)
      }, median ${each} each`,
    );
  } finally {
    running.delete(app.stop);
    await app.stop();
  }
}

if (Deno.args[0] === "--flood") {
  callOff();
  await flood(Deno.args[1]);
} else {
  await run();
  callOff();
}

/**
 * What the sign-in floods share: sequential sign-ins of a demo account timed alone
 * and under a flood, in interleaved rounds (so the load of other processes on the
 * machine drifts into both figures alike); the flood in a child process at the
 * lowest CPU priority (`nice -n 19`), standing in for callers on other machines, so
 * what is measured is the server's share of the CPU; and a deadline that stops the
 * server and the flood, so no process outlives the run.
 */

const SIGN_INS = 10;
const ACCOUNT = { email: "admin@acme.test", password: "demo-password" };

/** What to stop if the deadline passes. */
export const running = new Set<() => Promise<unknown>>();

/** Stops everything running and exits when `ms` pass; answers the way to call it off. */
export function deadline(name: string, ms: number): () => void {
  const timer = setTimeout(async () => {
    console.error(`${name}: stopped after ${ms / 1000} seconds`);
    await Promise.allSettled([...running].map((stop) => stop()));
    Deno.exit(1);
  }, ms);
  return () => clearTimeout(timer);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** The median and 95th percentile of `times`. */
export function summary(times: number[]): { median: number; p95: number } {
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

/**
 * Runs `bench` (a file) again as a low-priority child with `--flood url`; the stop
 * function closes its stdin and answers what it printed.
 */
export function startFloodChild(bench: string, url: string): () => Promise<string> {
  const deno = new URL("../../node_modules/.bin/deno", import.meta.url).pathname;
  const child = new Deno.Command("nice", {
    args: ["-n", "19", deno, "run", "-A", new URL(bench).pathname, "--flood", url],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const stop = async () => {
    running.delete(stop);
    await child.stdin.close().catch(() => {});
    const { stdout } = await child.output();
    return new TextDecoder().decode(stdout).trim();
  };
  running.add(stop);
  return stop;
}

/** Sign-in times alone and under the flood `startFlood` starts, and what each flood answered. */
export async function signInsUnderFlood(
  url: string,
  rounds: number,
  startFlood: () => () => Promise<string>,
): Promise<{ alone: number[]; flooded: number[]; floods: string[] }> {
  await signIns(url, []); // warm-up
  const alone: number[] = [];
  const flooded: number[] = [];
  const floods: string[] = [];
  for (let round = 0; round < rounds; round++) {
    await signIns(url, alone);
    const stop = startFlood();
    await new Promise((r) => setTimeout(r, 1000));
    await signIns(url, flooded);
    floods.push(await stop());
  }
  return { alone, flooded, floods };
}

/** "median …, p95 …" of sign-ins alone and under flood, and their ratios (budget 1.5). */
export function signInFigures(aloneTimes: number[], floodedTimes: number[], flood: string): string {
  const alone = summary(aloneTimes);
  const flooded = summary(floodedTimes);
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  return `sign-in alone median ${ms(alone.median)}, p95 ${ms(alone.p95)}; under ${flood} ` +
    `median ${ms(flooded.median)}, p95 ${ms(flooded.p95)}; ratio median ${
      ratio(flooded.median, alone.median)
    }, p95 ${ratio(flooded.p95, alone.p95)} (budget 1.5)`;
}

/**
 * What the event-stream benchmarks share: signing in, many streams opened as the
 * client opens them (each until its `hello`), the time each stream took to receive
 * an event, and percentiles.
 */
import {
  type EventStreamReader,
  openEventStream,
} from "../../server/testing/event-stream-reader.ts";

/** The `p`th percentile of `xs` (nearest rank). */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A demo account's access token. */
export async function signInToken(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "demo-password" }),
  });
  if (!res.ok) throw new Error(`Sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return (await res.json()).access_token;
}

/** `count` streams, the `client`th with `tokenOf(client)`, each open until its `hello`. */
export async function openStreams(
  url: string,
  count: number,
  tokenOf: (client: number) => string,
): Promise<EventStreamReader[]> {
  const streams = await Promise.all(
    Array.from({ length: count }, (_, client) => openEventStream(url, tokenOf(client))),
  );
  await Promise.all(streams.map((stream) => stream.next((e) => e.name === "hello", 30_000)));
  return streams;
}

/**
 * For each stream, the milliseconds from `started` to its next `name` event, or
 * undefined when none came within `withinMs`.
 */
export async function arrivals(
  streams: EventStreamReader[],
  name: string,
  started: number,
  withinMs = 5_000,
): Promise<(number | undefined)[]> {
  const got = await Promise.allSettled(
    streams.map((stream) => stream.next((e) => e.name === name, withinMs)),
  );
  return got.map((r) => r.status === "fulfilled" ? r.value.at - started : undefined);
}

/**
 * Test support: reads a server's `GET /ui/events` stream over real HTTP as the
 * client does (fetch with the bearer token), parses the server-sent events and
 * lets a test wait for one with a deadline, noting when each arrived.
 */

/** One event as it arrived. */
export interface ReceivedEvent {
  name: string;
  data: unknown;
  /** `performance.now()` when it was read. */
  at: number;
}

/** An open event stream. */
export interface EventStreamReader {
  /** The first event after those already taken that matches, within `withinMs`. */
  next(match: (event: ReceivedEvent) => boolean, withinMs: number): Promise<ReceivedEvent>;
  close(): Promise<void>;
}

/** Opens `base`/ui/events with `token`; throws when it does not answer 200. */
export async function openEventStream(base: string, token: string): Promise<EventStreamReader> {
  const res = await fetch(`${base}/ui/events`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) {
    throw new Error(`GET ${base}/ui/events answered ${res.status}: ${await res.text()}`);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: ReceivedEvent[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  const pump = (async () => {
    let buffer = "";
    try {
      while (true) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let name = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) name = line.slice(7);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
          }
          if (data.length === 0) continue;
          events.push({ name, data: JSON.parse(data.join("\n")), at: performance.now() });
          wake?.();
        }
      }
    } catch {
      // Cancelled by close().
    } finally {
      done = true;
      wake?.();
    }
  })();
  let taken = 0;
  return {
    async next(match, withinMs) {
      const deadline = performance.now() + withinMs;
      while (true) {
        while (taken < events.length) {
          const event = events[taken++];
          if (match(event)) return event;
        }
        const left = deadline - performance.now();
        if (done || left <= 0) {
          throw new Error(
            `No matching event ${done ? "before the stream ended" : `within ${withinMs} ms`}; ` +
              `received: ${JSON.stringify(events.map((e) => [e.name, e.data]))}`,
          );
        }
        let timer: ReturnType<typeof setTimeout> | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, left);
        });
        clearTimeout(timer);
        wake = undefined;
      }
    },
    async close() {
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}

/**
 * Benchmark (issue 23): a record's change reaches only the event streams whose
 * caller may read the record, decided once per event and distinct access. 200
 * streams on loopback — half the demo member's, who read only their own tasks
 * (the decision reads the task), half the project manager's, who read every task
 * (no read) — while the administrator changes one of the member's tasks. Prints
 * the median and 99th percentile time from the change's answer to each stream
 * receiving its `records` event, for the member's streams against the manager's
 * of the same events (the baseline): one decision shared by a hundred streams
 * keeps the ratio near 1, where a query per stream would not.
 */
import { startApp } from "./servers.ts";
import { arrivals, openStreams, percentile, signInToken } from "./event-stream-clients.ts";
import { MAX_STREAMS_PER_SESSION } from "../../server/platform/admin/events-route.ts";

const CLIENTS = Number(Deno.env.get("BENCH_CLIENTS") ?? 200);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 5);

// Each account's hundred tabs: its stream allowance is set out of their reach.
const app = await startApp(8935, { env: { EVENT_STREAMS_PER_USER: String(CLIENTS) } });

async function call(path: string, token: string | undefined, init: RequestInit = {}) {
  const res = await fetch(`${app.url}${path}`, {
    ...init,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return await res.json();
}

try {
  const admin = await signInToken(app.url, "admin@acme.test");
  const sessions: string[] = [];
  for (const email of ["member@acme.test", "pm@acme.test"]) {
    for (let i = 0; i < Math.ceil(CLIENTS / 2 / MAX_STREAMS_PER_SESSION); i++) {
      sessions.push(await signInToken(app.url, email));
    }
  }
  // The first half of the streams are the member's.
  const streams = await openStreams(
    app.url,
    CLIENTS,
    (client) => sessions[Math.floor((client / CLIENTS) * sessions.length)],
  );

  const { items } = await call("/api/records/task/list", admin, {
    method: "POST",
    body: JSON.stringify({ filters: [{ field: "assignee", op: "eq", value: "usr_acme_member" }] }),
  });
  const task = items[0] as { id: string; version: number };
  let version = task.version;
  const member: number[] = [];
  const manager: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await call(`/api/records/task/${task.id}`, admin, {
      method: "PATCH",
      body: JSON.stringify({ version: version++, values: { description: `Round ${round}` } }),
    });
    const times = await arrivals(streams, "records", started);
    const missed = times.filter((t) => t === undefined).length;
    if (missed > 0) console.log(`${missed} streams missed round ${round}`);
    times.forEach((t, client) => {
      if (t !== undefined) (client < CLIENTS / 2 ? member : manager).push(t);
    });
    await new Promise((r) => setTimeout(r, 300));
  }
  const line = (who: string, xs: number[]) =>
    `${who}: median ${percentile(xs, 50).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms`;
  console.log(`records event of the member's task × ${ROUNDS}, ${CLIENTS} streams`);
  console.log(
    `  ${line(`the member's ${CLIENTS / 2} streams (own tasks: the task is read)`, member)}`,
  );
  console.log(
    `  ${line(`the manager's ${CLIENTS / 2} streams (every task: nothing read)`, manager)}`,
  );
  console.log(
    `  ratio member / manager: median ${
      (percentile(member, 50) / percentile(manager, 50)).toFixed(2)
    }, p99 ${(percentile(member, 99) / percentile(manager, 99)).toFixed(2)}`,
  );
  await Promise.all(streams.map((stream) => stream.close()));
} finally {
  await app.stop();
}

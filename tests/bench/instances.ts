/**
 * Benchmark (issue 12): two server instances on one PostgreSQL database against
 * one instance, under the same load — a cycle of descriptor GETs (the shell, two
 * screens) and data POSTs (the clients list, a reply to a client: a write that
 * stays valid when repeated) from wrk over 50 connections: 25 on each of the two
 * instances, or 50 on the one. Prints each throughput and the ratio (median of
 * paired rounds; no budget: two cores are shared by the instances, the database
 * and wrk), then where the time goes during a two-instance run: the CPU of each
 * instance, of PostgreSQL, of wrk and of the rest of the machine (from /proc),
 * what the database sessions were doing (pg_stat_activity samples), and the
 * instances' CPU profiles by area and by function (`--cpu-prof`, a separate run).
 * Needs BENCH_DATABASE_URL (a PostgreSQL server where the bench may create a
 * database, on this machine for its CPU figure). Ports BENCH_PORT (default 8941)
 * and BENCH_PORT + 1.
 */
import postgres from "postgres";
import { median } from "./load.ts";
import { type Child, startApp } from "./servers.ts";
import { BENCH_POSTGRES_URL, createBenchDatabase, POSTGRES_HINT } from "./databases.ts";
import { type MixedRequest, runMixed, writeMixedScript } from "./mixed-load.ts";
import { childrenOf, cpuMeter, parentOf } from "./process-cpu.ts";
import { sampleWaitEvents } from "./wait-events.ts";
import { summariseProfiles } from "./cpu-profile.ts";

const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 5);
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const PORT = Number(Deno.env.get("BENCH_PORT") ?? 8941);
const CONNECTIONS = 50;

if (!BENCH_POSTGRES_URL) {
  console.log(`Two instances on PostgreSQL: not measured (${POSTGRES_HINT})`);
  Deno.exit(0);
}

/** The token and the load's request cycle, from the seeded Acme data. */
async function prepareLoad(url: string, script: string): Promise<string> {
  const login = await fetch(`${url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@acme.test", password: "demo-password" }),
  });
  const { access_token: token } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const clients = await fetch(`${url}/clients/list`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: "{}",
  });
  const { clients: [client] } = await clients.json();
  const shell: MixedRequest = { method: "GET", path: "/ui/shell" };
  const list: MixedRequest = { method: "POST", path: "/clients/list", body: {} };
  const cycle: MixedRequest[] = [
    shell,
    list,
    { method: "GET", path: "/ui/screens/clients" },
    shell,
    list,
    { method: "GET", path: "/ui/screens/dashboard" },
    shell,
    list,
    { method: "GET", path: "/ui/screens/clients" },
    {
      method: "POST",
      path: "/clients/messages/send",
      body: { client_id: client.id, body: "Status update from the bench." },
    },
  ];
  // Each request once, checked, before any load.
  for (const r of cycle) {
    const res = await fetch(`${url}${r.path}`, {
      method: r.method,
      headers: r.body === undefined ? headers : { ...headers, "content-type": "application/json" },
      body: r.body === undefined ? undefined : JSON.stringify(r.body),
    });
    if (!res.ok) throw new Error(`${r.method} ${r.path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  const count = (pred: (r: MixedRequest) => boolean) => cycle.filter(pred).length;
  const summary = `cycle of ${cycle.length}: ${count((r) => r.method === "GET")} descriptor GETs, ${
    count((r) => r.path === "/clients/list")
  } POST /clients/list, ${
    count((r) => r.path === "/clients/messages/send")
  } POST /clients/messages/send`;
  await writeMixedScript(script, cycle, headers);
  return summary;
}

/** The PostgreSQL server's processes, when it runs on this machine. */
async function postgresProcesses(url: string): Promise<() => number[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, fetch_types: false });
  try {
    const [{ pid }] = await sql<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    const postmaster = parentOf(pid);
    return postmaster === undefined ? () => [] : () => [postmaster, ...childrenOf(postmaster)];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const pct = (seconds: number, wall: number) => `${(100 * seconds / wall).toFixed(0)}%`;

const database = await createBenchDatabase("postgres");
const work = await Deno.makeTempDir({ prefix: "opsuite-bench-" });
const script = `${work}/mixed.lua`;
const profiles = `${work}/profiles`;
const running = new Set<Child>();
const start = async (port: number, denoFlags: string[] = []) => {
  const app = await startApp(port, { databaseUrl: database.url, denoFlags });
  running.add(app);
  return app;
};
const stop = async (app: Child) => {
  running.delete(app);
  await app.stop();
};
try {
  // The first instance migrates and seeds the database; the second finds it ready.
  let a = await start(PORT);
  let b = await start(PORT + 1);
  const summary = await prepareLoad(a.url, script);
  const postgresPids = await postgresProcesses(database.url);
  const one = () => runMixed(a.url, script, { connections: CONNECTIONS, seconds: SECONDS });
  const two = async () => {
    const runs = await Promise.all(
      [a.url, b.url].map((url) =>
        runMixed(url, script, { connections: CONNECTIONS / 2, seconds: SECONDS })
      ),
    );
    return {
      requestsPerSecond: runs[0].requestsPerSecond + runs[1].requestsPerSecond,
      cpuSeconds: runs[0].cpuSeconds + runs[1].cpuSeconds,
    };
  };
  /** A run with the CPU of each part measured around it. */
  const metered = async (run: typeof one) => {
    const meter = cpuMeter([
      { name: "instance A", pids: () => [a.pid] },
      { name: "instance B", pids: () => [b.pid] },
      { name: "PostgreSQL", pids: postgresPids },
    ]);
    const result = await run();
    return { result, cpu: meter.stop({ wrk: result.cpuSeconds }) };
  };
  const cpuLine = (label: string, m: Awaited<ReturnType<typeof metered>>) => {
    const { used, rest, idle, wall } = m.cpu;
    const parts = Object.entries(used).map(([name, s]) => `${name} ${pct(s, wall)}`);
    return `  CPU during ${label} (${wall.toFixed(1)} s; 100% = one core): ${
      parts.join(", ")
    }, rest of the machine ${pct(rest, wall)}, idle ${pct(idle, wall)}`;
  };

  await one(); // warm-up: descriptors built, pools filled
  await two();
  const ones: number[] = [], twos: number[] = [], ratios: number[] = [];
  let lastOne, lastTwo;
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [one, two] : [two, one];
    for (const run of order) {
      const m = await metered(run);
      if (run === one) (ones.push(m.result.requestsPerSecond), lastOne = m);
      else (twos.push(m.result.requestsPerSecond), lastTwo = m);
    }
    ratios.push(twos.at(-1)! / ones.at(-1)!);
  }
  const spread = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
  console.log(
    `Two instances / one instance on PostgreSQL, mixed load (${summary}; ${CONNECTIONS} connections, ${SECONDS} s runs): one instance ${
      median(ones).toFixed(0)
    } req/s, two instances ${median(twos).toFixed(0)} req/s, ratio ${
      median(ratios).toFixed(2)
    } (median of ${ROUNDS} paired rounds, ${spread}; no budget: 2 cores shared by everything)`,
  );
  console.log(cpuLine("the last one-instance run", lastOne!));
  console.log(cpuLine("the last two-instance run", lastTwo!));

  const waits = sampleWaitEvents(database.url);
  await two();
  console.log(`  PostgreSQL sessions during a two-instance run: ${await waits.stop()}`);

  // Profiles: the instances again, with the V8 profiler on (it costs time: a run of its own).
  await stop(a);
  await stop(b);
  const denoFlags = [`--cpu-prof-dir=${profiles}`];
  a = await start(PORT, denoFlags);
  b = await start(PORT + 1, denoFlags);
  await two();
  await two();
  await stop(a);
  await stop(b);
  const files = [...Deno.readDirSync(profiles)].map((entry) => `${profiles}/${entry.name}`);
  const { totalMs, areas, functions } = await summariseProfiles(files);
  console.log(
    `  CPU profile of both instances over their life (${files.length} profiles, ${
      (totalMs / 1000).toFixed(1)
    } s sampled), self time by area: ${areas.join(", ")}`,
  );
  console.log(`  top functions by self time:\n${functions.map((f) => `    ${f}`).join("\n")}`);
} finally {
  for (const app of running) await app.stop();
  await database.drop();
  await Deno.remove(work, { recursive: true }).catch(() => {});
}

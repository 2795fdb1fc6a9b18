/**
 * The server's CPU profile under a bench's router load: a second server on the
 * bench's database, started with the V8 profiler on (it costs time, so never the
 * server whose throughput is compared), loaded by `load`, stopped, and its profile
 * summed (cpu-profile.ts). Answers the top costs by self time, as shares of the
 * time the server was not idle.
 */
import { topCosts } from "./cpu-profile.ts";
import { startApp } from "./servers.ts";

/** What to profile: the database to serve, the port, and the load to run against the server's URL. */
export interface RouterProfile {
  databaseUrl?: string;
  port: number;
  load: (url: string) => Promise<void>;
  /** How many costs to answer (default five). */
  top?: number;
}

/** The top costs of the server under `load`, one line each. */
export async function profileUnderLoad(options: RouterProfile): Promise<string[]> {
  const dir = await Deno.makeTempDir({ prefix: "opsuite-profile-" });
  try {
    const app = await startApp(options.port, {
      databaseUrl: options.databaseUrl,
      denoFlags: [`--cpu-prof-dir=${dir}`],
    });
    try {
      await options.load(app.url);
    } finally {
      await app.stop();
    }
    const files = [...Deno.readDirSync(dir)].map((entry) => `${dir}/${entry.name}`);
    return await topCosts(files, options.top ?? 5);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

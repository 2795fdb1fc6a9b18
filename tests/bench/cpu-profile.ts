/**
 * Where a process's time went, from V8 CPU profiles (`deno run --cpu-prof-dir`):
 * self time summed by area of the code (the router, the PostgreSQL driver, a
 * server module, the runtime, native work outside JavaScript, idle) and by
 * function. Several profiles (several instances) are summed.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The area a function belongs to, by its source. */
function areaOf(frame: ProfileNode["callFrame"]): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === "(idle)") return "idle (waiting for I/O)";
    if (functionName === "(garbage collector)") return "garbage collector";
    return "native, outside JavaScript (HTTP, sockets, runtime)";
  }
  const pkg = url.match(/node_modules\/(?:\.deno\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return `npm ${pkg[1]}`;
  const server = url.match(/\/(server|schemas)\/(.+)$/);
  if (server) {
    // server/platform/http/log.ts → server/platform/http; server/db/postgres.ts → server/db
    const dirs = server[2].split("/").slice(0, -1);
    return [server[1], ...dirs.slice(0, 2)].join("/") || server[0];
  }
  const ext = url.match(/^(ext:[^/]+|node:[^/]+)/);
  return ext ? `runtime ${ext[1]}` : url;
}

/** Self time by area and by function, and idle time, in milliseconds, of the given profile files. */
async function selfTimes(files: string[]) {
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0, idle = 0;
  for (const file of files) {
    const profile: Profile = JSON.parse(await Deno.readTextFile(file));
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      const frame = nodes.get(id)!.callFrame;
      const area = areaOf(frame);
      const where = frame.url
        ? ` ${frame.url.replace(/^.*\/(node_modules|server)\//, "$1/")}:${frame.lineNumber + 1}`
        : "";
      const fn = `${frame.functionName || "(anonymous)"}${where}`;
      byArea.set(area, (byArea.get(area) ?? 0) + ms);
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
      if (!frame.url && frame.functionName === "(idle)") idle += ms;
      total += ms;
    });
  }
  return { areas: byArea, functions: byFunction, totalMs: total, idleMs: idle };
}

/** Self time by area and by function, in milliseconds, of the given profile files. */
export async function summariseProfiles(files: string[]) {
  const { areas, functions, totalMs } = await selfTimes(files);
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) =>
      `${(100 * ms / totalMs).toFixed(1)}% ${name}`
    );
  return { totalMs, areas: top(areas, 12), functions: top(functions, 15) };
}

/**
 * The `n` functions with the most self time, as shares of the time the process was
 * busy (idle left out, so a share is of the work the process did).
 */
export async function topCosts(files: string[], n: number): Promise<string[]> {
  const { functions, idleMs, totalMs } = await selfTimes(files);
  const busy = totalMs - idleMs;
  return [...functions].filter(([name]) => name !== "(idle)")
    .sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) =>
      `${(100 * ms / busy).toFixed(1)}% ${name}`
    );
}

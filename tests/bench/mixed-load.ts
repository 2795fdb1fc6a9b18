/**
 * A mixed load with wrk: a cycle of requests (method, path, JSON body) sent in
 * turn on every connection, with one set of headers. Answers the requests per
 * second and the CPU seconds wrk itself used (read from the shell that waited for
 * it, so the figure covers wrk's whole life).
 */

/** One request of the cycle. */
export interface MixedRequest {
  method: "GET" | "POST";
  path: string;
  body?: unknown;
}

/** What one wrk run did. */
export interface MixedRun {
  requestsPerSecond: number;
  /** User + system CPU seconds of wrk. */
  cpuSeconds: number;
}

const luaString = (text: string) => JSON.stringify(text);

/** Writes to `file` the wrk script sending `cycle` in turn with `headers`. */
export async function writeMixedScript(
  file: string,
  cycle: MixedRequest[],
  headers: Record<string, string>,
): Promise<void> {
  const table = (extra: Record<string, string>) =>
    `{${
      Object.entries({ ...headers, ...extra }).map(([k, v]) =>
        `[${luaString(k)}] = ${luaString(v)}`
      )
        .join(", ")
    }}`;
  const requests = cycle.map((r) =>
    r.body === undefined
      ? `wrk.format(${luaString(r.method)}, ${luaString(r.path)}, ${table({})})`
      : `wrk.format(${luaString(r.method)}, ${luaString(r.path)}, ${
        table({ "content-type": "application/json" })
      }, ${luaString(JSON.stringify(r.body))})`
  );
  await Deno.writeTextFile(
    file,
    `local requests = {}
local n = 0
init = function(args)
${requests.map((r, i) => `  requests[${i + 1}] = ${r}`).join("\n")}
end
request = function()
  n = n % #requests + 1
  return requests[n]
end
`,
  );
}

/** Clock ticks per second of /proc times (USER_HZ; 100 on Linux). */
const TICKS = 100;

/** Runs wrk with `script` on `url` and reads its rate and CPU time. */
export async function runMixed(
  url: string,
  script: string,
  options: { connections: number; seconds: number },
): Promise<MixedRun> {
  // The shell's cutime and cstime (fields 16 and 17 of /proc/self/stat) hold wrk's
  // CPU time once it has been waited for.
  const shell = 'wrk "$@"; echo; echo "cpu $(cut -d" " -f16,17 /proc/$$/stat)"';
  const args = ["-t1", `-c${options.connections}`, `-d${options.seconds}s`, "-s", script, url];
  const out = await new Deno.Command("sh", {
    args: ["-c", shell, "sh", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  const rate = text.match(/Requests\/sec:\s+([\d.]+)/);
  const cpu = text.match(/^cpu (\d+) (\d+)$/m);
  if (!rate || !cpu) {
    throw new Error(`Cannot read wrk output: ${text}${new TextDecoder().decode(out.stderr)}`);
  }
  const failed = text.match(/Non-2xx or 3xx responses: (\d+)/);
  if (failed) throw new Error(`wrk saw ${failed[1]} error responses from ${url}`);
  return {
    requestsPerSecond: Number(rate[1]),
    cpuSeconds: (Number(cpu[1]) + Number(cpu[2])) / TICKS,
  };
}

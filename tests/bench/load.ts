/**
 * Bounded loopback load: wrk when installed (apt-get install wrk), else a fetch
 * loop in this process. Both stop after a fixed duration or request count.
 */

/** How a load run is made. */
export interface LoadOptions {
  seconds: number;
  connections: number;
  method?: "GET" | "POST";
  body?: string;
}

/** Requests per second for a request with headers, over `seconds`. */
export async function requestsPerSecond(
  url: string,
  headers: Record<string, string>,
  options: LoadOptions,
): Promise<number> {
  if (await hasWrk()) return await wrk(url, headers, options);
  return await fetchLoop(url, headers, options);
}

async function hasWrk(): Promise<boolean> {
  try {
    const { success } = await new Deno.Command("wrk", {
      args: ["--version"],
      stdout: "null",
      stderr: "null",
    }).output();
    return success || true;
  } catch {
    return false;
  }
}

async function wrk(
  url: string,
  headers: Record<string, string>,
  options: LoadOptions,
) {
  const args = ["-t1", `-c${options.connections}`, `-d${options.seconds}s`];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  if (options.method === "POST") {
    const script = await Deno.makeTempFile({ suffix: ".lua" });
    await Deno.writeTextFile(
      script,
      `wrk.method = "POST"\nwrk.body = ${JSON.stringify(options.body ?? "{}")}\n`,
    );
    args.push("-s", script);
  }
  args.push(url);
  const out = await new Deno.Command("wrk", { args, stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder().decode(out.stdout);
  const match = text.match(/Requests\/sec:\s+([\d.]+)/);
  if (!match) throw new Error(`Cannot read wrk output: ${text}`);
  const non2xx = text.match(/Non-2xx or 3xx responses: (\d+)/);
  if (non2xx) throw new Error(`wrk saw ${non2xx[1]} error responses from ${url}`);
  return Number(match[1]);
}

async function fetchLoop(
  url: string,
  headers: Record<string, string>,
  options: LoadOptions,
) {
  const deadline = performance.now() + options.seconds * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: options.connections }, async () => {
    while (performance.now() < deadline && done < 2_000_000) {
      const res = await fetch(url, {
        headers,
        method: options.method ?? "GET",
        body: options.body,
      });
      await res.arrayBuffer();
      if (res.status >= 400) throw new Error(`${url} answered ${res.status}`);
      done++;
    }
  }));
  return done / ((performance.now() - started) / 1000);
}

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

/** The result of comparing the app with its baseline over paired rounds. */
export interface Comparison {
  app: number;
  baseline: number;
  /** Median of the per-round ratios app / baseline. */
  ratio: number;
  ratios: number[];
}

/**
 * Throughput of the app against its baseline, in paired rounds: each round loads
 * both, one after the other, starting with the other one each time so that drift
 * on a shared machine falls on both alike; the figure is the median of the
 * per-round ratios (and the median rates for reference).
 */
export async function compareThroughput(
  appUrl: string,
  baselineUrl: string,
  headers: Record<string, string>,
  options: LoadOptions & { rounds: number },
): Promise<Comparison> {
  const apps: number[] = [], baselines: number[] = [], ratios: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    let app: number, baseline: number;
    if (round % 2 === 0) {
      baseline = await requestsPerSecond(baselineUrl, headers, options);
      app = await requestsPerSecond(appUrl, headers, options);
    } else {
      app = await requestsPerSecond(appUrl, headers, options);
      baseline = await requestsPerSecond(baselineUrl, headers, options);
    }
    apps.push(app);
    baselines.push(baseline);
    ratios.push(app / baseline);
  }
  return { app: median(apps), baseline: median(baselines), ratio: median(ratios), ratios };
}

/** The median of some numbers. */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One line for a comparison against the bare Deno.serve baseline (of the app, or `subject`). */
export function describe(
  label: string,
  c: Comparison,
  budget: number,
  detail: string,
  subject = "app",
): string {
  const spread = `${Math.min(...c.ratios).toFixed(2)}–${Math.max(...c.ratios).toFixed(2)}`;
  return `${label}: ${subject} ${c.app.toFixed(0)} req/s, bare Deno.serve ${
    c.baseline.toFixed(0)
  } req/s, ratio ${
    c.ratio.toFixed(2)
  } (median of ${c.ratios.length} paired rounds, ${spread}; budget ≥ ${
    budget.toFixed(2)
  }; ${detail})`;
}

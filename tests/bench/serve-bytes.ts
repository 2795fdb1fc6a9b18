/**
 * The baseline: a bare Deno.serve answering recorded responses — the app's own
 * status, headers and body bytes, request id included — and 304 (the recorded
 * one) on a matching If-None-Match. It does no work a server could skip: each
 * answer is a clone of a response built once, the fastest way Deno serves fixed
 * bytes. A POST body is read, as any handler of a POST must.
 *
 * With `--floor` it is instead the least any server of these answers must do on
 * top of that, and nothing else: find the caller by the Authorization header in a
 * map (401 for anyone else) and give each answer a fresh X-Request-Id, as the
 * product requires of every response. No routing, no expiry or freshness checks,
 * no echo of an incoming id. Measured against the baseline, it is the ceiling the
 * app's own ratio can reach on this runtime and machine.
 * Args: port, recording file (JSON, see servers.ts), optionally --floor.
 */
import type { Recording } from "./servers.ts";

const [port, file, mode] = Deno.args;
const recording: Recording = JSON.parse(await Deno.readTextFile(file));
const build = (r: Recording["ok"]) =>
  new Response(r.body === null ? null : Uint8Array.from(atob(r.body), (c) => c.charCodeAt(0)), {
    status: r.status,
    headers: r.headers,
  });
const ok = build(recording.ok);
const notModified = recording.notModified && build(recording.notModified);
const etag = recording.ok.headers.find(([name]) => name.toLowerCase() === "etag")?.[1];

/** The baseline's answer to a request. */
function answer(req: Request): Response | Promise<Response> {
  if (req.method === "POST") return req.arrayBuffer().then(() => ok.clone());
  if (notModified && req.headers.get("if-none-match") === etag) return notModified.clone();
  return ok.clone();
}

/** The floor's answer: the caller found, the baseline's answer, a fresh request id. */
function floor(): (req: Request) => Response | Promise<Response> {
  const callers = new Set(recording.callers);
  const prefix = crypto.randomUUID().slice(0, 16);
  let counter = 0;
  const stamp = (response: Response) => {
    response.headers.set("x-request-id", `${prefix}-${++counter}`);
    return response;
  };
  return (req) => {
    if (!callers.has(req.headers.get("authorization") ?? "")) {
      return new Response(null, { status: 401 });
    }
    const response = answer(req);
    return response instanceof Response ? stamp(response) : response.then(stamp);
  };
}

Deno.serve(
  { port: Number(port), hostname: "127.0.0.1", onListen: () => console.log("ready") },
  mode === "--floor" ? floor() : answer,
);

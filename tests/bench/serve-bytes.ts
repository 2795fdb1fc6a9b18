/**
 * The baseline: a bare Deno.serve answering recorded responses — the app's own
 * status, headers and body bytes, request id included — and 304 (the recorded
 * one) on a matching If-None-Match. It does no work a server could skip: each
 * answer is a clone of a response built once, the fastest way Deno serves fixed
 * bytes. A POST body is read, as any handler of a POST must.
 * Args: port, recording file (JSON, see servers.ts).
 */
import type { Recording } from "./servers.ts";

const [port, file] = Deno.args;
const recording: Recording = JSON.parse(await Deno.readTextFile(file));
const build = (r: Recording["ok"]) =>
  new Response(r.body === null ? null : Uint8Array.from(atob(r.body), (c) => c.charCodeAt(0)), {
    status: r.status,
    headers: r.headers,
  });
const ok = build(recording.ok);
const notModified = recording.notModified && build(recording.notModified);
const etag = recording.ok.headers.find(([name]) => name.toLowerCase() === "etag")?.[1];

Deno.serve(
  { port: Number(port), hostname: "127.0.0.1", onListen: () => console.log("ready") },
  (req) => {
    if (req.method === "POST") return req.arrayBuffer().then(() => ok.clone());
    if (notModified && req.headers.get("if-none-match") === etag) return notModified.clone();
    return ok.clone();
  },
);

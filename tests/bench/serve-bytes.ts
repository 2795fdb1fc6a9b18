/**
 * The baseline: a bare Deno.serve answering prebuilt bytes (and 304 on a matching
 * If-None-Match), with the same headers the app sends. Args: port, body file, etag.
 */
const [port, file, etag] = Deno.args;
const body = await Deno.readFile(file);
const headers = {
  "content-type": "application/json; charset=UTF-8",
  etag,
  "cache-control": "private, no-cache",
};
Deno.serve(
  { port: Number(port), hostname: "127.0.0.1", onListen: () => console.log("ready") },
  (req) => {
    if (req.headers.get("if-none-match") === etag) {
      return new Response(null, {
        status: 304,
        headers,
      });
    }
    return new Response(body, { headers });
  },
);

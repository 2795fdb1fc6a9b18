/**
 * Serves the built client: hashed assets with a long cache life, and index.html for
 * every browser navigation the API does not answer (the client routes it). Files
 * are read once and kept in memory; the build is small.
 */
import type { Context } from "hono";

const TYPES: Record<string, string> = {
  html: "text/html; charset=UTF-8",
  js: "text/javascript; charset=UTF-8",
  css: "text/css; charset=UTF-8",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  json: "application/json",
  woff2: "font/woff2",
  txt: "text/plain; charset=UTF-8",
};

/** A reader of the client build at `dir`. */
export function createStaticClient(dir: string) {
  const files = new Map<string, Uint8Array | null>();

  function read(path: string): Uint8Array | null {
    if (files.has(path)) return files.get(path)!;
    let bytes: Uint8Array | null = null;
    try {
      bytes = Deno.readFileSync(`${dir}${path}`);
    } catch {
      bytes = null;
    }
    if (files.size < 500) files.set(path, bytes);
    return bytes;
  }

  return {
    /** The asset at the request path, if the build has it. */
    asset(c: Context): Response | null {
      const path = c.req.path;
      if (path.includes("..") || path.endsWith("/")) return null;
      const bytes = read(path);
      if (!bytes) return null;
      const ext = path.slice(path.lastIndexOf(".") + 1);
      const immutable = path.startsWith("/assets/");
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": TYPES[ext] ?? "application/octet-stream",
        "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      });
    },
    /** index.html, or a plain page saying the client is not built. */
    index(c: Context): Response {
      const bytes = read("/index.html");
      if (!bytes) {
        return c.html(
          "<!doctype html><title>Opsuite</title><p>The client is not built. Run <code>npm run build</code>.</p>",
          503,
        );
      }
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": TYPES.html,
        "Cache-Control": "no-cache",
      });
    },
  };
}

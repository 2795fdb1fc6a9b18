/**
 * Serves the built client: hashed assets with a long cache life, and index.html for
 * every browser navigation the API does not answer (the client routes it), with
 * what the caller adds for the address right after `<head>` (the first screen's
 * data and preloads). The page's inline bootstrap is allowed by its hash in the
 * page's own Content-Security-Policy (no other inline script runs). Files are read
 * once and kept in memory; the build is small.
 */
import type { Context } from "hono";
import { encodeBase64 } from "../auth/base64.ts";
import { CONTENT_SECURITY_POLICY } from "./security-headers.ts";
import { FirstScreenAssets } from "../../../schemas/descriptor/first-screen-assets.ts";

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

  let page: { before: string; after: string; policy: string } | null | undefined;
  /** index.html split at the end of `<head>`, and its policy naming its inline scripts. */
  async function indexPage() {
    if (page !== undefined) return page;
    const bytes = read("/index.html");
    if (!bytes) return page = null;
    const html = new TextDecoder().decode(bytes);
    const hashes = await Promise.all(
      [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(async (
        [, code],
      ) =>
        `'sha256-${
          encodeBase64(
            new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code))),
          )
        }'`
      ),
    );
    const at = html.indexOf("<head>") + "<head>".length;
    return page = {
      before: html.slice(0, at),
      after: html.slice(at),
      policy: CONTENT_SECURITY_POLICY.replace(
        "script-src 'self'",
        ["script-src 'self'", ...hashes].join(" "),
      ),
    };
  }

  return {
    /**
     * The build's identity (a hash of its index.html, which names every chunk by
     * its content), or null when the client is not built.
     */
    buildId(): string | null {
      const bytes = read("/index.html");
      if (!bytes) return null;
      // FNV-1a, 32 bits: an identity, not a secret.
      let hash = 0x811c9dc5;
      for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
      return hash.toString(36);
    },
    /** What the build says a first screen's parts need, or null when it says nothing. */
    firstScreenAssets(): FirstScreenAssets | null {
      const bytes = read("/first-screen.json");
      if (!bytes) return null;
      const parsed = FirstScreenAssets.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
      return parsed.success ? parsed.data : null;
    },
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
    /** index.html with `head` added for the address, or a plain page saying the client is not built. */
    async index(c: Context, head = ""): Promise<Response> {
      const html = await indexPage();
      if (!html) {
        return c.html(
          "<!doctype html><title>Opsuite</title><p>The client is not built. Run <code>npm run build</code>.</p>",
          503,
        );
      }
      return c.body(html.before + head + html.after, 200, {
        "Content-Type": TYPES.html,
        "Cache-Control": "no-cache",
        "Content-Security-Policy": html.policy,
      });
    },
  };
}

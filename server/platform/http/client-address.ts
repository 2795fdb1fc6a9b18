/**
 * The client's address, the key of every per-address limit. Behind N trusted
 * proxies each proxy appends the address it received the request from to
 * X-Forwarded-For, so only the last N entries (with the socket's address after
 * them) were written by machines we trust: the client is the entry N places from
 * the right. Entries further left are whatever the caller chose to send and are
 * never used. With no trusted proxy the socket's address is the client.
 */
import type { Context } from "hono";
import { getConnInfo } from "hono/deno";

/**
 * The address used when the request came with no socket (`app.request()` in tests,
 * or a handler called without Deno's connection info): all such requests share one
 * key, so a caller cannot escape a limit by hiding its address.
 */
export const UNKNOWN_ADDRESS = "unknown";

/**
 * The client's address from the forwarded chain and the socket's address.
 * `trustedProxies` is how many proxies in front of the server append to
 * X-Forwarded-For; when the chain is shorter than that, the left-most entry we have
 * is the closest to the client that any trusted proxy saw.
 */
export function addressFromChain(
  forwardedFor: string | undefined,
  socketAddress: string,
  trustedProxies: number,
): string {
  if (trustedProxies <= 0 || !forwardedFor) return socketAddress;
  const chain = [
    ...forwardedFor.split(",").map((entry) => entry.trim()).filter((entry) => entry !== ""),
    socketAddress,
  ];
  return chain[Math.max(0, chain.length - 1 - trustedProxies)];
}

/** The socket's remote address, or UNKNOWN_ADDRESS when the request had no socket. */
export function socketAddress(c: Context): string {
  const env = c.env as { remoteAddr?: { hostname?: string } } | undefined;
  if (!env?.remoteAddr?.hostname) return UNKNOWN_ADDRESS;
  return getConnInfo(c).remote.address ?? UNKNOWN_ADDRESS;
}

/**
 * The key a limit counts a caller under: the address itself, except that an IPv6
 * caller is counted by its /64 network, since one subscriber usually holds a whole
 * /64 and could otherwise use a fresh address per request.
 */
export function limitKey(address: string): string {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!bare.includes(":")) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1];
  const [head, tail = ""] = bare.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = bare.includes("::") && tail ? tail.split(":") : [];
  const groups = bare.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** The client's address of a request, given how many proxies in front are trusted. */
export function clientAddress(c: Context, trustedProxies: number): string {
  return addressFromChain(c.req.header("x-forwarded-for"), socketAddress(c), trustedProxies);
}

/** The key every per-address limit counts a request under. */
export function clientLimitKey(c: Context, trustedProxies: number): string {
  return limitKey(clientAddress(c, trustedProxies));
}

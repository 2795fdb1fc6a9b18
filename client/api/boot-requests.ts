/**
 * The answers of the requests the page's inline bootstrap started
 * (`client/boot/first-requests.ts`), each taken once by the call that would have
 * made it: same method, same path, same token. Anything else goes to the network.
 */
import type { BootData, BootRequests } from "../boot/first-requests.ts";
import { API_BASE_URL } from "./config.ts";

function bootRequests(): BootRequests | undefined {
  return (globalThis as { opsuiteBoot?: BootRequests }).opsuiteBoot;
}

/** The started request for this call, removed so it is used once; undefined when none. */
export function takeBootRequest(
  method: string,
  path: string,
  token: string | null,
): Promise<Response> | undefined {
  const boot = bootRequests();
  // The bootstrap asks the page's own origin; an API elsewhere is asked by the client.
  if (boot === undefined || API_BASE_URL !== "" || token === null || boot.token !== token) {
    return undefined;
  }
  const key = `${method} ${path}`;
  const started = boot.started[key];
  delete boot.started[key];
  return started;
}

/** The snapshot of the last visit the bootstrap painted, if any. */
export function bootSnapshot(): HTMLElement | undefined {
  return bootRequests()?.snapshot;
}

/** What the server wrote into the page (the route table, the first screen), if anything. */
export function bootData(): BootData | null {
  return bootRequests()?.data ?? null;
}

/** One JSON log line per event, always with the request id. */
import type { Context } from "hono";
import type { AppEnv } from "./app-env.ts";

/** `LOG_LEVEL=quiet` drops info lines (tests, benchmarks); read once. */
export const QUIET = Deno.env.get("LOG_LEVEL") === "quiet";

/** Writes a log line. */
export function logLine(
  c: Context<AppEnv> | null,
  level: "info" | "warn" | "error",
  message: string,
  fields: Record<string, unknown> = {},
): void {
  if (level === "info" && QUIET) return;
  write(level, c?.get("requestId"), message, fields);
}

/** The info line of a request answered outside the router (a fast lane). */
export function logRequest(requestId: string, fields: Record<string, unknown>): void {
  if (!QUIET) write("info", requestId, "request", fields);
}

function write(
  level: "info" | "warn" | "error",
  requestId: string | undefined,
  message: string,
  fields: Record<string, unknown>,
): void {
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    request_id: requestId,
    message,
    ...fields,
  });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

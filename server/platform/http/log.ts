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
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    request_id: c?.get("requestId"),
    message,
    ...fields,
  });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** One JSON log line per event, always with the request id. */
import type { Context } from "hono";
import type { AppEnv } from "./app-env.ts";

/** Writes a log line; `quiet` loggers (tests) drop info lines. */
export function logLine(
  c: Context<AppEnv> | null,
  level: "info" | "warn" | "error",
  message: string,
  fields: Record<string, unknown> = {},
): void {
  if (level === "info" && Deno.env.get("LOG_LEVEL") === "quiet") return;
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

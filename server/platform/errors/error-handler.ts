/**
 * The one error handler: typed errors become their JSON shape and status (a busy
 * database is 503 with Retry-After); anything else is logged with the request id
 * and answered 500 without internals.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError } from "./app-error.ts";
import { DatabaseBusyError } from "../../db/database-busy.ts";
import type { AppEnv } from "../http/app-env.ts";
import { logLine } from "../http/log.ts";

/** Maps an error thrown by a handler to the JSON error response. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { code: error.code, message: error.message };
    if (error.details !== undefined) body.details = error.details;
    return c.json({ error: body }, error.status, error.headers);
  }
  if (error instanceof DatabaseBusyError) {
    // Nothing was written; the client may send the same request again.
    logLine(c, "warn", "database busy", { error: error.message });
    return c.json(
      {
        error: { code: "database_busy", message: "The service is busy, please try again shortly" },
      },
      503,
      { "Retry-After": String(error.retryAfterSeconds) },
    );
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code = status === 401 ? "unauthenticated" : "http_error";
    return c.json({ error: { code, message: error.message || "Request failed" } }, status);
  }
  logLine(c, "error", "unhandled error", { error: String(error?.stack ?? error) });
  return c.json(
    {
      error: {
        code: "internal",
        message: "Something went wrong on our side",
        details: { request_id: c.get("requestId") },
      },
    },
    500,
  );
}

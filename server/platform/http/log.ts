/**
 * One JSON log line per event, always with the request id. Lines go to stdout
 * (stderr for warnings and errors) unless `logToFile` sends them to a file
 * rotated by size. Every line is bounded to `MAX_LINE_CHARS`: long text fields
 * are cut (and the line marked `truncated`), so a client cannot make one request
 * write megabytes of log.
 */
import type { Context } from "hono";
import type { AppEnv } from "./app-env.ts";
import { RotatingLogFile } from "./log-file.ts";

/** The longest line written, in characters. */
export const MAX_LINE_CHARS = 8 * 1024;

/** The longest text field kept whole in a line that is too long. */
const MAX_FIELD_CHARS = 1024;

let logFile: RotatingLogFile | undefined;

/** Sends every later line to a rotating file instead of stdout and stderr. */
export function logToFile(path: string, options: { maxBytes: number; files: number }): void {
  logFile?.close();
  logFile = new RotatingLogFile(path, options);
}

/** Closes the log file, if one is in use; later lines go to stdout and stderr again. */
export function closeLogFile(): void {
  logFile?.close();
  logFile = undefined;
}

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

function write(
  level: "info" | "warn" | "error",
  requestId: string | undefined,
  message: string,
  fields: Record<string, unknown>,
): void {
  const line = boundedLine({
    time: new Date().toISOString(),
    level,
    request_id: requestId,
    message,
    ...fields,
  });
  if (logFile) logFile.write(line);
  else if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** The entry as one JSON line of at most MAX_LINE_CHARS characters. */
function boundedLine(entry: Record<string, unknown>): string {
  const line = JSON.stringify(entry);
  if (line.length <= MAX_LINE_CHARS) return line;
  const cut = Object.fromEntries(
    Object.entries(entry).map((
      [key, value],
    ) => [key, typeof value === "string" ? value.slice(0, MAX_FIELD_CHARS) : value]),
  );
  const shorter = JSON.stringify({ ...cut, truncated: true });
  if (shorter.length <= MAX_LINE_CHARS) return shorter;
  const { time, level, request_id, message } = cut;
  return JSON.stringify({ time, level, request_id, message, truncated: true });
}

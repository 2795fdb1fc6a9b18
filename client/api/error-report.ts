/**
 * Reports client-side failures (render errors, invalid descriptor nodes, unknown
 * widget types) to the server's error-report path. The path comes from the route
 * table or the shell; reports made before it is known wait in a short queue. The
 * same report is sent once per page load.
 */
import { apiRequest } from "./api-client.ts";

/** One report, as the server's report path expects it. */
export interface ErrorReport {
  message: string;
  stack?: string;
  url?: string;
  component?: string;
}

const MAX_QUEUED = 20;
let reportPath: string | null = null;
const queue: ErrorReport[] = [];
const sent = new Set<string>();

/** Sets where reports go and sends the queued ones. */
export function configureErrorReporting(path: string | undefined): void {
  if (!path || path === reportPath) return;
  reportPath = path;
  for (const report of queue.splice(0)) send(report);
}

/** Reports a failure; never throws. */
export function reportClientError(report: ErrorReport): void {
  const full = { url: globalThis.location?.href, ...report };
  const key = `${full.component ?? ""}|${full.message}|${full.url ?? ""}`;
  if (sent.has(key)) return;
  sent.add(key);
  console.error(`Client error reported: ${full.message}`);
  if (reportPath === null) {
    if (queue.length < MAX_QUEUED) queue.push(full);
    return;
  }
  send(full);
}

function send(report: ErrorReport): void {
  if (reportPath === null) return;
  apiRequest(reportPath, { method: "POST", body: report, refreshOnUnauthorized: false }).catch(
    (error) => console.warn("Could not report a client error", error),
  );
}

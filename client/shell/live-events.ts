/**
 * Live changes: reads the server-sent event stream (with fetch, so the bearer
 * token is sent) and reloads the route table, the shell, the screens and their data
 * on every change event, so a permission or module change reaches open browsers at
 * once. The stream opens with a `hello` carrying the organisation's versions; after
 * a reconnect, different versions mean changes were missed, so everything reloads.
 * It reconnects with back-off and stops when the server has no stream. A record's
 * change goes to the record widgets (see records/record-events.ts) and reloads the
 * notifications: a notice is written with the change that causes it, so the bell
 * follows without a reload.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { refreshSession } from "../api/api-client.ts";
import { apiUrl } from "../api/config.ts";
import { publishRecordChange } from "../api/record-events.ts";
import { readAccessToken } from "../api/tokens.ts";

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/** Follows the live event stream at `path` while mounted. */
export function useLiveEvents(path: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    let versions: string | undefined;
    function onEvent(name: string, data: string): void {
      // A record's change concerns the widgets and sources following it (record-events.ts).
      if (name === "records") {
        void import("../api/record-event-data.ts").then(({ recordChangesOf }) =>
          recordChangesOf(name, data)?.forEach(publishRecordChange)
        );
        void queryClient.invalidateQueries({ queryKey: ["shell", "notifications"] });
        return;
      }
      if (name === "hello") {
        const seen = versions;
        versions = data;
        if (seen === undefined || seen === data) return;
      }
      for (const key of ["routes", "shell", "screen", "source", "auth"]) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    }
    void follow(path, controller.signal, onEvent);
    return () => controller.abort();
  }, [path, queryClient]);
}

async function follow(
  path: string,
  signal: AbortSignal,
  onEvent: (name: string, data: string) => void,
): Promise<void> {
  let retryMs = FIRST_RETRY_MS;
  while (!signal.aborted) {
    try {
      const token = readAccessToken();
      const response = await fetch(apiUrl(path), {
        headers: {
          Accept: "text/event-stream",
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        cache: "no-store",
        signal,
      });
      if (response.status === 401 && !(await refreshSession())) return;
      if (response.status === 404 || response.status === 405 || response.status === 403) return;
      if (response.ok && response.body) {
        retryMs = FIRST_RETRY_MS;
        await readEvents(response.body, onEvent);
      }
    } catch {
      if (signal.aborted) return;
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs));
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }
}

/** Reads `event:`/`data:` blocks of a server-sent event stream until it ends. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (name: string, data: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let name = "message";
  let data: string[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      if (line === "") {
        if (data.length > 0) onEvent(name, data.join("\n"));
        name = "message";
        data = [];
      } else if (line.startsWith("event:")) name = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
  }
}

/**
 * Loads the named data sources of a screen with TanStack Query. Each source loads,
 * fails and empties on its own; its request is built from route params, query
 * parameters and screen state, and it waits while a key of `enabledWhen` is unset.
 * Sources that follow record types reload when records of them change.
 */
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ScreenDescriptor, Source } from "../../schemas/descriptor/mod.ts";
import { apiRequest } from "../api/api-client.ts";
import { ApiError } from "../api/api-error.ts";
import { freshForMs } from "./cache-classes.ts";
import type { Json, SourceView } from "./screen-runtime.tsx";
import { fillPlaceholders, fillRecord, type TemplateScope } from "./templates.ts";
import { isEmptyValue, valueAt } from "./value-path.ts";
import { useFollowRecordChanges } from "./follow-record-changes.ts";

/** The answer had no value where the source's `select` points. */
class MissingValueError extends Error {}

/** The query key prefix of a screen's sources. */
export function sourceKeyPrefix(screenId: string, name?: string): unknown[] {
  return name === undefined ? ["source", screenId] : ["source", screenId, name];
}

/** The sources of a screen as views, and a way to reload them. */
export function useScreenSources(
  descriptor: ScreenDescriptor,
  scope: {
    params: Readonly<Record<string, string>>;
    query?: Readonly<Record<string, string>>;
    state: Readonly<Record<string, Json>>;
  },
): { views: Record<string, SourceView>; refresh(names?: readonly string[]): void } {
  const queryClient = useQueryClient();
  const entries = Object.entries(descriptor.sources ?? {});
  const requests = entries.map(([name, source]) => requestOf(name, source, scope));
  const results = useQueries({
    queries: requests.map((request) => ({
      queryKey: [...sourceKeyPrefix(descriptor.id, request.name), request.path, request.body],
      queryFn: ({ signal }: { signal: AbortSignal }) => load(request.source, request, signal),
      enabled: request.enabled,
      staleTime: freshForMs(descriptor.cache),
      refetchInterval: request.source.refreshMs,
    })),
  });

  const views: Record<string, SourceView> = {};
  results.forEach((result, i) => {
    const { name, source, enabled } = requests[i];
    const hasValue = result.data !== undefined;
    views[name] = {
      name,
      source,
      value: result.data,
      status: !enabled
        ? "idle"
        : hasValue
        ? isEmptySource(source, result.data) ? "empty" : "ready"
        : result.isError
        ? "error"
        : "loading",
      errorText: result.error ? errorTextOf(source, result.error) : undefined,
      errorDetail: result.error && source.errorText !== undefined
        ? errorDetailOf(source, result.error)
        : undefined,
      retry: () => void result.refetch(),
    };
  });

  const screenId = descriptor.id;
  const refresh = useCallback((names?: readonly string[]) => {
    if (names === undefined) {
      void queryClient.invalidateQueries({ queryKey: sourceKeyPrefix(screenId) });
    } else {
      for (const name of names) {
        void queryClient.invalidateQueries({ queryKey: sourceKeyPrefix(screenId, name) });
      }
    }
  }, [queryClient, screenId]);

  const reload = useCallback(
    (names: string[]) =>
      Promise.all(
        names.map((name) =>
          queryClient.invalidateQueries({ queryKey: sourceKeyPrefix(screenId, name) })
        ),
      ),
    [queryClient, screenId],
  );
  useFollowRecordChanges(descriptor.sources, reload);

  return { views, refresh };
}

interface SourceRequest {
  name: string;
  source: Source;
  enabled: boolean;
  path: string;
  body: Record<string, Json> | null;
}

function requestOf(name: string, source: Source, scope: TemplateScope): SourceRequest {
  const enabled = (source.enabledWhen ?? []).every((key) => {
    const value = scope.state?.[key];
    return value !== undefined && value !== null && value !== "";
  });
  return {
    name,
    source,
    enabled,
    path: fillPlaceholders(source.path, scope),
    body: source.method === "POST"
      ? fillRecord(source.body, scope, { omitEmptyReferences: true })
      : null,
  };
}

async function load(source: Source, request: SourceRequest, signal: AbortSignal): Promise<unknown> {
  const answer = await apiRequest(request.path, {
    method: source.method,
    body: request.body ?? undefined,
    signal,
    timeoutMs: source.timeoutMs,
  });
  if (source.select === undefined) return answer ?? null;
  const value = valueAt(answer, source.select);
  if (value === undefined) {
    throw new MissingValueError(
      source.missingText ?? `The answer has no value at "${source.select}"`,
    );
  }
  return value;
}

function isEmptySource(source: Source, value: unknown): boolean {
  if (source.emptyWhen !== undefined) return isEmptyValue(valueAt(value, source.emptyWhen));
  return value === null || (Array.isArray(value) && value.length === 0);
}

function errorTextOf(source: Source, error: Error): string {
  if (error instanceof MissingValueError) return error.message;
  return source.errorText ?? errorDetailOf(source, error) ?? error.message;
}

/** The failure in the source's `errorFormat` ({status}, {statusText}, {body}), if it has one. */
function errorDetailOf(source: Source, error: Error): string | undefined {
  if (source.errorFormat === undefined || !(error instanceof ApiError)) return undefined;
  const body = typeof error.body === "string"
    ? error.body
    : error.body === undefined
    ? ""
    : JSON.stringify(error.body);
  const values: Record<string, string> = {
    status: String(error.status),
    statusText: error.statusText,
    body,
  };
  return source.errorFormat.replace(
    /\{(status|statusText|body)\}/g,
    (_m, key: string) => values[key],
  );
}

/**
 * The TanStack Query client of the app. Only failures that may pass are retried
 * (network errors and 5xx answers, twice); client errors, time-outs and answers
 * of the wrong shape would fail the same way again.
 */
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error.ts";

/** A query client with the app's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          error instanceof ApiError && error.code !== "timeout" &&
          (error.status === 0 || error.status >= 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

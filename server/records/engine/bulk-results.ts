/** The results of a bulk call: one per id, with the error of each that failed. */
import { AppError } from "../../platform/errors/app-error.ts";

/** One result of a bulk call. */
export interface BulkOutcome {
  id: string;
  ok: boolean;
  version?: number;
  error?: { code: string; message: string; field?: string };
}

/** The error of one item of a bulk call, as its result says it. */
export function outcomeError(error: unknown): { code: string; message: string; field?: string } {
  if (error instanceof AppError) {
    const fields = (error.details as { fields?: Record<string, string> } | undefined)?.fields;
    const field = fields ? Object.keys(fields)[0] : undefined;
    return { code: error.code, message: error.message, ...(field ? { field } : {}) };
  }
  throw error;
}

/** Counts a bulk call's results. */
export function summarise(results: BulkOutcome[]) {
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}

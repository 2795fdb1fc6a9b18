/**
 * A saved report's query, read and checked: its definition is JSON of the query
 * call's shape (schemas/records/query.ts), over a record type the saver may read,
 * and the engine must accept it as the saver's own query would be accepted. A
 * problem is a 400 naming `definition` (or `record_type`) with the engine's reason.
 */
import { QueryRequest } from "../../../../schemas/records/query.ts";
import { AppError, invalidInput } from "../../../platform/errors/app-error.ts";

/** The query a report's definition holds, or a 400 naming `definition`. */
export function parsedDefinition(text: unknown): QueryRequest {
  let json: unknown;
  try {
    json = JSON.parse(String(text ?? ""));
  } catch {
    const why = "The report's query is not JSON";
    throw invalidInput(why, { definition: why });
  }
  const parsed = QueryRequest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const why = `The report's query is not one the engine takes (${
      issue.path.join(".") || "query"
    }: ${issue.message})`;
    throw invalidInput(why, { definition: why });
  }
  return parsed.data;
}

/**
 * Runs `check` (the engine's query, limited) and turns its refusal into one naming
 * the report's field: an unknown record type names `record_type`, anything the
 * query refuses names `definition`.
 */
export async function checkedDefinition<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404 || error.status === 403) {
      const why = `The report's records: ${error.message}`;
      throw invalidInput(why, { record_type: why });
    }
    if (error.status === 400) {
      const why = `The report's query: ${error.message}`;
      throw invalidInput(why, { definition: why });
    }
    throw error;
  }
}

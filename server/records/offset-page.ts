/**
 * Skip-and-limit pages over the engine's keyset lists, for the spec's shell calls
 * that page by offset (`POST /leads`, `/tasks/list-with-details`, the project
 * picker): the engine's pages are walked from the start, so a call reads the rows
 * it skips. Those calls skip little (the project list caps skip at 1,000); the
 * record API itself pages by cursor.
 */
import { LIST_LIMIT_MAX, type ListRequest } from "../../schemas/records/api.ts";
import type { Access } from "../platform/access/access.ts";
import type { RecordEngine } from "./engine/engine.ts";
import type { RecordData } from "./engine/record-rows.ts";

/** Rows `skip` to `skip + limit` of a list, and its count (exact up to the engine's cap). */
export async function offsetPage(
  engine: RecordEngine,
  access: Access,
  typeId: string,
  request: Omit<ListRequest, "limit" | "cursor">,
  page: { skip: number; limit: number },
): Promise<{ items: RecordData[]; total: number }> {
  const items: RecordData[] = [];
  let cursor: string | undefined;
  let seen = 0;
  let total: number | undefined;
  do {
    const want = Math.max(1, Math.min(LIST_LIMIT_MAX, page.skip + page.limit - seen));
    const answer = await engine.list(access, typeId, { ...request, limit: want, cursor });
    total ??= answer.total.count;
    for (const item of answer.items) {
      if (seen >= page.skip && items.length < page.limit) items.push(item);
      seen++;
    }
    cursor = answer.next_cursor ?? undefined;
  } while (cursor && items.length < page.limit);
  return { items, total: total ?? 0 };
}

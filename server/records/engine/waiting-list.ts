/**
 * A person's "Waiting for me" among records (issue 24): for every type they may
 * read, the records in a state that awaits an action they may take — those
 * naming them in the awaited field, or, for a state awaiting a role, every
 * such record they did not create when the action is not its creator's. Read
 * through the engine's own list, so they see only what they may see.
 */
import type { Access } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import type { Filter } from "../../../schemas/records/meta.ts";
import type { RecordEngine } from "./engine.ts";
import { awaitingStates, mayAct, type WaitingItem, waitingItem } from "./awaiting.ts";

/** Records listed per type and state at most. */
const PER_STATE = 50;

/** The records waiting for the caller, oldest first. */
export async function recordsWaitingFor(
  engine: RecordEngine,
  access: Access,
): Promise<WaitingItem[]> {
  const items: WaitingItem[] = [];
  for (const type of engine.types.values()) {
    if (!authorize(access, type.module, "read")) continue;
    for (const state of awaitingStates(type)) {
      if (!mayAct(access, type, state)) continue;
      const field = state.awaits!.field;
      const transition = type.declaration.states!.transitions.find((t) =>
        t.action === state.awaits!.action && t.from.includes(state.id)
      );
      const filters: Filter[] = [{ field: "status", op: "eq", value: state.id }];
      if (field !== undefined) filters.push({ field, op: "eq", value: "@me" });
      if (transition?.not_by_creator) filters.push({ field: "created_by", op: "ne", value: "@me" });
      const page = await engine.list(access, type.id, {
        filters,
        sort: [{ field: "updated_at", dir: "asc" }],
        limit: PER_STATE,
      });
      items.push(...page.items.map((record) => waitingItem(type, state, record)));
    }
  }
  return items.sort((a, b) => a.since.localeCompare(b.since));
}

/**
 * The actions offered on a record with what their modules' rules say about them
 * now (`RecordRules.explainAction`): a cancel that payments stand in the way of
 * says so, and links to them, before anyone confirms it.
 */
import type { Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import type { z } from "zod";
import type { RecordAction } from "../../../schemas/records/api.ts";
import type { RecordType } from "../define.ts";
import type { RecordData } from "./record-rows.ts";
import type { RecordRules } from "./record-rules.ts";

type Action = z.infer<typeof RecordAction>;

/** The actions, each with the explanations the type's rules give for it. */
export async function explainActions(
  q: Queryable,
  rules: readonly RecordRules[],
  context: { access: Access; type: RecordType; record: RecordData; actions: readonly Action[] },
): Promise<Action[]> {
  const explaining = rules.filter((r) => r.explainAction !== undefined);
  if (explaining.length === 0) return [...context.actions];
  const out: Action[] = [];
  for (const action of context.actions) {
    let explained = action;
    for (const rule of explaining) {
      const explanation = await rule.explainAction!({
        q,
        access: context.access,
        type: context.type,
        action: action.id,
        record: context.record,
      });
      if (!explanation) continue;
      explained = {
        ...explained,
        ...(explanation.confirm ? { confirm: explanation.confirm } : {}),
        ...(explanation.blocked ? { blocked: explanation.blocked } : {}),
      };
    }
    out.push(explained);
  }
  return out;
}

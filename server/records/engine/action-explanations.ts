/**
 * The actions offered on a record with what its type's controller says about them
 * now (`RecordRules.explainAction`): a cancel that payments stand in the way of
 * says so, and links to them, before anyone confirms it.
 */
import type { Reader } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import type { z } from "zod";
import type { RecordAction } from "../../../schemas/records/api.ts";
import type { RecordType } from "../define.ts";
import type { RecordData } from "./record-rows.ts";
import type { RecordController } from "./controller.ts";

type Action = z.infer<typeof RecordAction>;

/** The actions, each with the explanation the type's controller gives for it. */
export async function explainActions(
  read: Reader,
  controller: RecordController | undefined,
  context: { access: Access; type: RecordType; record: RecordData; actions: readonly Action[] },
): Promise<Action[]> {
  const explain = controller?.explainAction;
  if (!explain) return [...context.actions];
  const out: Action[] = [];
  for (const action of context.actions) {
    const explanation = await explain({
      read,
      access: context.access,
      type: context.type,
      action: action.id,
      record: context.record,
    });
    out.push({
      ...action,
      ...(explanation?.confirm ? { confirm: explanation.confirm } : {}),
      ...(explanation?.blocked ? { blocked: explanation.blocked } : {}),
    });
  }
  return out;
}

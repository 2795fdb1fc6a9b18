/**
 * The controller of leads: converting a lead creates its client (from the
 * company, else the person) and marks the lead won. A save entering a stage is
 * checked against the stage's required fields and logged (stage-entry.ts); every
 * save then scores the lead by its organisation's scoring rules
 * (scoring/score-on-save.ts). A lead created is first given its owner by the
 * organisation's assignment rules, and a change of owner is logged
 * (assignment/assign-on-create.ts).
 */
import { type ActionRunContext, defineController } from "../../../records/engine/controller.ts";
import type { SaveContext } from "../../../records/engine/record-rules.ts";
import { LEAD } from "../types/lead.ts";
import { scoreOnSave } from "../scoring/score-on-save.ts";
import { enterStage } from "../pipeline/stage-entry.ts";
import { wonValues } from "../forecast/won-at.ts";
import { assignOnSave } from "../assignment/assign-on-create.ts";

/** Creates the lead's client and marks the lead won (the `convert` action). */
async function convertToClient(
  ctx: ActionRunContext,
): Promise<{ values: Record<string, unknown> }> {
  const company = String(ctx.record.company ?? "").trim();
  const client = await ctx.create("client", {
    name: company || String(ctx.record.name ?? ""),
    email: ctx.record.email ?? "",
    phone: ctx.record.phone ?? "",
    status: "active",
  });
  return { values: { stage: "won", client: client.id, ...wonValues(ctx.now) } };
}

/** The controller of leads. */
export const LEAD_CONTROLLER = defineController({
  type: LEAD,
  // A create takes its assignment rule's turn (assignment/pick-owner.ts, under the rule's lock).
  decides: ["save"],
  beforeSave: async (ctx: SaveContext) => {
    await assignOnSave(ctx);
    await enterStage(ctx);
    await scoreOnSave(ctx);
  },
  actions: { convert: convertToClient },
});

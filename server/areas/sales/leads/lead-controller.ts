/**
 * The controller of leads: converting a lead creates its client (from the
 * company, else the person) and marks the lead won. Every save scores the lead
 * by its organisation's scoring rules (scoring/score-on-save.ts).
 */
import { type ActionRunContext, defineController } from "../../../records/engine/controller.ts";
import { LEAD } from "../types/lead.ts";
import { scoreOnSave } from "../scoring/score-on-save.ts";

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
  return { values: { stage: "won", client: client.id } };
}

/** The controller of leads. */
export const LEAD_CONTROLLER = defineController({
  type: LEAD,
  beforeSave: scoreOnSave,
  actions: { convert: convertToClient },
});

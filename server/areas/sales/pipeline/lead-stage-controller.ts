/**
 * The controller of lead stages: a stage's code is what leads store (lower case
 * letters, digits and underscores, fixed once leads may hold it), and the fields
 * it requires must be lead fields a person can set, else the save is refused
 * with 400 naming the field. A stage leads are in cannot be deleted (409 naming
 * the code and how many leads hold it): they would be left in no stage.
 */
import { defineController } from "../../../records/engine/controller.ts";
import { conflict, invalidInput } from "../../../platform/errors/app-error.ts";
import type { DeleteContext, SaveContext } from "../../../records/engine/record-rules.ts";
import { LEAD_STAGE } from "../types/lead-stage.ts";
import { LEAD } from "../types/lead.ts";
import { requiredFieldsOf, unknownLeadFields } from "./stage-fields.ts";

const CODE = /^[a-z][a-z0-9_]*$/;

/** Refuses a stage whose code or required fields are not what leads can use. */
function checkStage(ctx: SaveContext): Promise<void> {
  const { values } = ctx.checked;
  const code = String(values.code ?? "");
  if (!CODE.test(code)) {
    throw invalidInput(`code: "${code}" is not a stage code`, {
      code: "Lower case letters, digits and underscores, starting with a letter",
    });
  }
  if (ctx.existing && ctx.existing.code !== code) {
    throw invalidInput("code: a stage's code cannot change, as leads store it", {
      code: "Cannot change once the stage exists",
    });
  }
  const unknown = unknownLeadFields(LEAD, requiredFieldsOf(String(values.required_fields ?? "")));
  if (unknown.length > 0) {
    throw invalidInput(
      `required_fields: ${unknown.map((id) => `"${id}"`).join(", ")} is not a lead field`,
      { required_fields: `Not a lead field a person can set: ${unknown.join(", ")}` },
    );
  }
  return Promise.resolve();
}

/** Refuses deleting a stage while leads of the organisation are in it. */
async function keepStageInUse(ctx: DeleteContext): Promise<void> {
  const code = String(ctx.record.code ?? "");
  const row = await ctx.read.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM ${LEAD.table} WHERE organization_id = ? AND ${
      LEAD.field.get("stage")!.column
    } = ?`,
    [ctx.access.organizationId, code],
  );
  const leads = Number(row?.n ?? 0);
  if (leads === 0) return;
  const message = `${ctx.record.label} is the stage of ${leads} ${
    leads === 1 ? "lead" : "leads"
  }: move them to another stage before deleting it`;
  throw conflict(message, { fields: { code: message } });
}

/** The controller of lead stages. */
export const LEAD_STAGE_CONTROLLER = defineController({
  type: LEAD_STAGE,
  // Reads no other record to decide.
  decides: [],
  beforeSave: checkStage,
  beforeDelete: keepStageInUse,
});

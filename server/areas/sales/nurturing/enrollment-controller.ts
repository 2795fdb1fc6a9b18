/**
 * The controller of enrolments: a lead enrolled by hand (the enrolment's create,
 * by anyone who may create enrolments) is checked and started as enrol.ts says,
 * stamped with who enrolled it. The check for a lead already active in the
 * sequence reads other enrolments; two enrolments of the same lead at once are
 * settled by the unique index on the sequence and `active_key`, which refuses the
 * second on both databases.
 */
import { defineController } from "../../../records/engine/controller.ts";
import type { SaveContext } from "../../../records/engine/record-rules.ts";
import { NURTURE_ENROLLMENT } from "../types/nurture-enrollment.ts";
import { enrolmentValues } from "./enrol.ts";

/** Starts an enrolment made by hand. */
async function startEnrolment(ctx: SaveContext): Promise<void> {
  if (ctx.existing) return;
  const values = await enrolmentValues(ctx.read, {
    organizationId: ctx.access.organizationId,
    lead: String(ctx.checked.values.lead ?? ""),
    sequence: String(ctx.checked.values.sequence ?? ""),
    via: "hand",
    userId: ctx.access.user.id,
    now: ctx.now,
  });
  for (const [id, value] of values) {
    ctx.checked.columns.set(NURTURE_ENROLLMENT.field.get(id)!.column, value);
    ctx.checked.values[id] = value;
  }
}

/** The controller of enrolments. */
export const NURTURE_ENROLLMENT_CONTROLLER = defineController({
  type: NURTURE_ENROLLMENT,
  // A second active enrolment of a lead in a sequence is refused by the unique index.
  decides: [],
  beforeSave: startEnrolment,
});

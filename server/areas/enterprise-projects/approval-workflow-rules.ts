/**
 * The rules of an approval workflow the declaration cannot hold (issue 24): each
 * step names a role or one person, not both and not neither, and someone must be
 * able to approve it — a role no member holds (or one that may not approve
 * projects), or a person who may not, would leave every project submitted on the
 * workflow waiting for ever, so the save is refused naming the step's field.
 *
 * This reads memberships, not records, and decides nothing a concurrent write
 * could contradict: a member's role changed just after the save gives the same
 * workflow as the save made just before the change, which is why it is no
 * decision point of the race harness. A submission checks the approvers again
 * (approval-runs.ts), since roles change after a workflow is saved.
 */
import { invalidInput } from "../../platform/errors/app-error.ts";
import { defineController } from "../../records/engine/controller.ts";
import { APPROVAL_WORKFLOW } from "./types/approval-workflow.ts";
import type { SaveContext } from "../../records/engine/record-rules.ts";
import { oneOf, stepApprovers } from "./approval-approvers.ts";

type Row = Record<string, unknown>;

async function beforeSave(ctx: SaveContext): Promise<void> {
  const { read, access, checked } = ctx;
  const steps = (checked.values.steps ?? []) as Row[];
  const errors: Record<string, string> = {};
  const messages: string[] = [];
  for (const [i, step] of steps.entries()) {
    const role = String(step.approver_role ?? "");
    const person = typeof step.approver === "string" && step.approver !== "" ? step.approver : null;
    const name = String(step.step_name ?? `Step ${i + 1}`);
    const at = (field: string, message: string) => {
      errors[`steps[${i}].${field}`] = message;
      messages.push(`${name}: ${message}`);
    };
    if (role === "" && person === null) {
      at("approver_role", "Choose the role or the person who approves this step");
      continue;
    }
    if (role !== "" && person !== null) {
      at("approver", "Choose a role or a person, not both");
      continue;
    }
    const approvers = await stepApprovers(read, access.organizationId, {
      step_name: name,
      approver_role: role,
      approver_user_id: person,
    });
    if (approvers.length > 0) continue;
    if (person !== null) {
      at("approver", "This person may not approve projects");
    } else {
      at(
        "approver_role",
        `No one in ${access.organizationName} is ${oneOf(role)} who may approve projects`,
      );
    }
  }
  if (messages.length > 0) throw invalidInput(messages[0], errors);
}

/** The controller of approval workflows. */
export const APPROVAL_WORKFLOW_CONTROLLER = defineController({
  type: APPROVAL_WORKFLOW,
  decides: [],
  beforeSave,
});

/**
 * The demo's edited workflow at Acme, in force: budgets. Whoever may submit a
 * budget may also take one back from Pending approval to Draft (Revise), saying
 * why; rejecting, and revising a rejected budget, stay as the product has them,
 * and rejecting asks for a comment. Uses no random stream.
 */
import type { Queryable, SqlValue } from "../../../db/database.ts";
import { ORGS, PEOPLE } from "../../../db/seed/demo-people.ts";
import { insertRecord } from "../../../records/engine/record-store.ts";
import { WORKFLOW } from "../types/workflow.ts";

const STEPS = [
  {
    transition: "budget:revise>draft",
    from_state: "budget:pending_approval",
    permission: "budget:submit_for_approval",
    comment: "required",
  },
  { transition: "budget:revise>draft", from_state: "budget:rejected", permission: "", comment: "" },
  {
    transition: "budget:reject>rejected",
    from_state: "budget:pending_approval",
    permission: "",
    comment: "required",
  },
];

/** Seeds the workflow and its steps (in the seed's transaction). */
export async function seedWorkflows(tx: Queryable, today: number): Promise<void> {
  const admin = PEOPLE.find((p) => p.email === "admin@acme.test")!.id;
  const organization = ORGS.acme.id;
  const id = "workflow_acme_budgets";
  await insertRecord(
    tx,
    WORKFLOW,
    {
      id,
      organizationId: organization,
      name: "Budget approval",
      now: new Date(today - 10 * 86_400_000).toISOString(),
      userId: admin,
    },
    new Map<string, SqlValue>([
      ["record_type", "budget"],
      ["active", 1],
      [
        "description",
        "A budget waiting for approval can be taken back to draft by whoever submits budgets, with a reason.",
      ],
    ]),
  );
  for (const [i, step] of STEPS.entries()) {
    await tx.run(
      `INSERT INTO workflow_steps (id, organization_id, workflow_id, idx, transition, from_state, permission, comment, allowed)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        `${id}_s${i + 1}`,
        organization,
        id,
        i,
        step.transition,
        step.from_state,
        step.permission,
        step.comment,
        1,
      ],
    );
  }
}

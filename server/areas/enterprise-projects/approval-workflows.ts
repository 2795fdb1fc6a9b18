/**
 * The organisation's approval workflows as they stand for one project (issue
 * 14): each active workflow's ordered steps, with who approves each (a role or
 * one person, issue 24), the step's condition in words, and whether it applies to the project — a step applies
 * when the project's budget reaches its minimum (0: any budget) and its risk
 * reaches its minimum level (empty: any risk); a step that does not apply is
 * passed over when the project goes through the workflow. Whether a step with a
 * budget minimum applies tells the budget's range, so for a caller who may not
 * see the budget (a level-1 field) it is unknown (`null`), as the budget is.
 */
import type { Queryable } from "../../db/database.ts";
import { roleLabel } from "../../platform/access/role-label.ts";

/** Risk levels from least to most risky (the project's risk_level options). */
const RISK_ORDER = ["low", "medium", "high", "critical"];

/** What a step's condition is checked against (the budget null: hidden from the caller). */
export interface ProjectFacts {
  budget: number | null;
  risk_level: string;
}

/** A stored workflow step: who approves it (a role, or one person) and when it applies. */
export interface StoredStep {
  idx: number;
  step_name: string;
  approver_role: string;
  approver_user_id: string | null;
  /** The named person's name ('' for a role's step). */
  approver_name: string;
  min_budget: number;
  min_risk_level: string;
}

/** A stored workflow with its steps in order. */
export interface StoredWorkflow {
  id: string;
  name: string;
  description: string;
  active: boolean;
  steps: StoredStep[];
}

/** Whether a step's condition holds for a project; null when it hangs on a budget not known. */
export function stepApplies(step: StoredStep, project: ProjectFacts): boolean | null {
  const riskHolds = step.min_risk_level === "" ||
    RISK_ORDER.indexOf(project.risk_level) >= RISK_ORDER.indexOf(step.min_risk_level);
  if (!riskHolds) return false;
  if (step.min_budget <= 0) return true;
  return project.budget === null ? null : project.budget >= step.min_budget;
}

/** A step's condition in words. */
export function conditionOf(step: StoredStep): string {
  const parts: string[] = [];
  if (step.min_budget > 0) parts.push(`Budget from ${step.min_budget.toLocaleString("en-US")}`);
  if (step.min_risk_level !== "") parts.push(`Risk ${step.min_risk_level} or higher`);
  return parts.length > 0 ? parts.join(" and ") : "Always";
}

/** Who approves a step, in words: the role's label, or the person's name. */
export function approverLabel(step: StoredStep): string {
  return step.approver_user_id ? step.approver_name : roleLabel(step.approver_role);
}

/** The step as the calls show it. */
export function shownStep(step: StoredStep, project: ProjectFacts) {
  return {
    idx: step.idx,
    step_name: step.step_name,
    approver_role: step.approver_role,
    approver_user_id: step.approver_user_id,
    approver_role_label: approverLabel(step),
    min_budget: step.min_budget,
    min_risk_level: step.min_risk_level,
    condition: conditionOf(step),
    applies: stepApplies(step, project),
  };
}

/** The first step at or after `from` that applies to the project, or null. */
export function nextApplicableStep(
  workflow: StoredWorkflow,
  project: ProjectFacts,
  from: number,
): StoredStep | null {
  return workflow.steps.find((s) => s.idx >= from && stepApplies(s, project) === true) ?? null;
}

async function stepsOf(q: Queryable, organizationId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, StoredStep[]>();
  const rows = await q.all<
    Omit<StoredStep, "approver_name"> & {
      workflow_id: string;
      first_name: string | null;
      last_name: string | null;
    }
  >(
    `SELECT s.workflow_id, s.idx, s.step_name, s.approver_role, s.approver_user_id,
            u.first_name, u.last_name, s.min_budget, s.min_risk_level
       FROM approval_workflow_steps s LEFT JOIN users u ON u.id = s.approver_user_id
      WHERE s.organization_id = ? AND s.workflow_id IN (${ids.map(() => "?").join(", ")})
      ORDER BY s.workflow_id, s.idx`,
    [organizationId, ...ids],
  );
  const steps = new Map<string, StoredStep[]>();
  for (const row of rows) {
    const list = steps.get(row.workflow_id) ?? [];
    list.push({
      idx: Number(row.idx),
      step_name: row.step_name,
      approver_role: row.approver_role,
      approver_user_id: row.approver_user_id,
      approver_name: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim(),
      min_budget: Number(row.min_budget),
      min_risk_level: row.min_risk_level,
    });
    steps.set(row.workflow_id, list);
  }
  return steps;
}

/** Workflows of the organisation: the active ones, or those with the given ids. */
export async function loadWorkflows(
  q: Queryable,
  organizationId: string,
  which: { active: true } | { ids: string[] },
): Promise<StoredWorkflow[]> {
  const rows = "ids" in which
    ? which.ids.length === 0 ? [] : await q.all<Omit<StoredWorkflow, "steps">>(
      `SELECT id, name, description, active FROM approval_workflows
        WHERE organization_id = ? AND id IN (${which.ids.map(() => "?").join(", ")})`,
      [organizationId, ...which.ids],
    )
    : await q.all<Omit<StoredWorkflow, "steps">>(
      `SELECT id, name, description, active FROM approval_workflows
        WHERE organization_id = ? AND active = 1 ORDER BY name, id`,
      [organizationId],
    );
  const steps = await stepsOf(q, organizationId, rows.map((r) => r.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    active: Number(row.active) === 1,
    steps: steps.get(row.id) ?? [],
  }));
}

/** The budget and risk of a project of the organisation, or undefined. */
export function projectFacts(q: Queryable, organizationId: string, projectId: string) {
  return q.get<ProjectFacts & { version: number; approval_status: string; name: string }>(
    `SELECT budget, risk_level, version, approval_status, name FROM projects
      WHERE organization_id = ? AND id = ?`,
    [organizationId, projectId],
  );
}

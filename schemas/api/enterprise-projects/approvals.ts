/**
 * Payloads of the enterprise project approval calls (spec 001 §7, issue 14): the
 * organisation's workflows as they apply to one project, a submission, an
 * approver's decision and the project's approval runs with every action taken.
 */
import { z } from "zod";

/** What an approver may decide on the current step. */
export const APPROVAL_ACTIONS = ["approve", "reject", "request_changes"] as const;
/** The states of an approval run. */
export const APPROVAL_RUN_STATES = [
  "pending",
  "approved",
  "rejected",
  "changes_requested",
  "withdrawn",
] as const;
/** A project's approval_status: not submitted until a run is opened, then its run's outcome. */
export const APPROVAL_STATES = [
  "not_submitted",
  "pending",
  "approved",
  "rejected",
  "changes_requested",
] as const;

const id = z.string().min(1).max(64);

/** One step of a workflow as it stands for a project. */
export const WorkflowStep = z.object({
  idx: z.number().int(),
  step_name: z.string(),
  /** The role whose holders approve the step ('' when it names one person). */
  approver_role: z.string(),
  /** The one person who approves the step, when it names one. */
  approver_user_id: z.string().nullable(),
  /** Who approves, in words: the role's label or the person's name. */
  approver_role_label: z.string(),
  min_budget: z.number(),
  min_risk_level: z.string(),
  /** The step's condition in words ("Always", "Budget from 50,000"…). */
  condition: z.string(),
  /**
   * Whether the condition holds for this project's budget and risk; null when it
   * hangs on the budget and the caller may not see the budget (level 1).
   */
  applies: z.boolean().nullable(),
}).strict();

/** An active workflow with its ordered steps. */
export const ApprovalWorkflow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  steps: z.array(WorkflowStep),
  /** How many steps apply; null when that hangs on a budget the caller may not see. */
  applicable_steps: z.number().int().nullable(),
}).strict();

export const ApprovalWorkflowsResponse = z.object({
  data: z.object({ project_id: z.string(), workflows: z.array(ApprovalWorkflow) }).strict(),
}).strict();

export const SubmitApprovalRequest = z.object({ workflow_id: id }).strict();

export const ProcessApprovalRequest = z.object({
  action: z.enum(APPROVAL_ACTIONS),
  comments: z.string().max(2000).default(""),
}).strict();

/** Who did what on a step. */
export const ApprovalAction = z.object({
  step_idx: z.number().int(),
  action: z.string(),
  action_label: z.string(),
  comments: z.string(),
  acted_by: z.string().nullable(),
  acted_by_name: z.string(),
  acted_at: z.string(),
}).strict();

/** A step of a run: its approver, whether it applied and what was done on it. */
export const ApprovalRunStep = z.object({
  idx: z.number().int(),
  step_name: z.string(),
  approver_role: z.string(),
  approver_user_id: z.string().nullable(),
  approver_role_label: z.string(),
  condition: z.string(),
  applies: z.boolean().nullable(),
  state: z.enum([
    "skipped",
    "waiting",
    "current",
    "approved",
    "rejected",
    "changes_requested",
    "withdrawn",
  ]),
  state_label: z.string(),
  /** Who decided the step last and what they wrote (null while undecided or without comments). */
  decided_by: z.string().nullable(),
  comments: z.string().nullable(),
  actions: z.array(ApprovalAction),
}).strict();

/** One approval run of a project. */
export const ApprovalRun = z.object({
  id: z.string(),
  workflow_id: z.string(),
  workflow_name: z.string(),
  status: z.enum(APPROVAL_RUN_STATES),
  status_label: z.string(),
  current_step: z.number().int().nullable(),
  current_step_name: z.string().nullable(),
  /** Whom the current step waits for, in words: "Waiting for Alice Morgan (Executive review)". */
  waiting_for: z.string().nullable(),
  /** The same without its first words: "Alice Morgan (Executive review)". */
  waiting_on: z.string().nullable(),
  /** The person an administrator reassigned the current step to, if any. */
  assigned_to: z.string().nullable(),
  assigned_to_name: z.string().nullable(),
  submitted_by: z.string().nullable(),
  submitted_by_name: z.string(),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
  steps: z.array(ApprovalRunStep),
  /** Every action on the run in order, with its step's name. */
  actions: z.array(ApprovalAction.extend({ step_name: z.string() })),
  /** Whether the caller may decide on the current step now. */
  can_act: z.boolean(),
  /** Whether the caller (its submitter) may withdraw the run now. */
  can_withdraw: z.boolean(),
  /** Whether the caller (an administrator) may hand the current step to someone else now. */
  can_reassign: z.boolean(),
  /** For an administrator, while the run waits: who the current step may be handed to. */
  reassign_candidates: z.array(z.object({ id: z.string(), name: z.string() }).strict())
    .nullable(),
}).strict();

export const ApprovalStatus = z.object({
  project_id: z.string(),
  approval_status: z.enum(APPROVAL_STATES),
  approval_status_label: z.string(),
  project_version: z.number().int(),
  current: ApprovalRun.nullable(),
  /** The current run when the caller may decide on it (none or one): what the decision screen lists. */
  decisions: z.array(ApprovalRun),
  /** The current run while it waits (none or one): what the Approvals tab's In progress lists. */
  open: z.array(ApprovalRun),
  history: z.array(ApprovalRun),
}).strict();

export const ApprovalStatusResponse = z.object({ data: ApprovalStatus }).strict();

export const WithdrawApprovalRequest = z.object({
  comments: z.string().max(2000).default(""),
}).strict();

export const ReassignApprovalRequest = z.object({
  /** The person who approves the current step from now on. */
  user_id: id,
  comments: z.string().max(2000).default(""),
}).strict();

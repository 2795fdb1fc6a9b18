/**
 * The Approvals tab of the project form (issues 14 and 24): the project's
 * approval status and whom it waits for ("Waiting for Alice Morgan (Executive
 * review)"), the run in progress with what the caller may do on it — decide
 * (approve, reject or request changes, with comments), withdraw it (its
 * submitter), hand its step to another person (administrators) — the current
 * run step by step (approver, condition, state, who decided and their
 * comments), every action in order, the earlier runs, and a submission form for
 * those who may update projects. The server decides who may act; the screen
 * only offers it.
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import type { FormTabContent } from "./record-form-tab.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import { ADMIN_ROLE } from "../../platform/access/access.ts";

const BASE = "/enterprise-projects/{id}";
const STATUS = "approvals_status";
const WORKFLOWS = "approvals_workflows";
/** Screen state: the run the approver is deciding on. */
const DECIDING = "approvals_deciding";
/** Screen state: the run its submitter is withdrawing. */
const WITHDRAWING = "approvals_withdrawing";
/** Screen state: the run whose step an administrator is handing on. */
const REASSIGNING = "approvals_reassigning";

const STATE_TONES = {
  $match: {
    value: { $field: "state" },
    cases: {
      approved: "success",
      rejected: "danger",
      changes_requested: "warning",
      current: "info",
    },
    otherwise: "neutral",
  },
} as const;

const OUTCOME_TONES = {
  $match: {
    value: { $field: "status" },
    cases: { approved: "success", rejected: "danger", changes_requested: "warning" },
    otherwise: "info",
  },
} as const;

/** A form shown while `state` holds the run acted on; it posts to that run's `call`. */
function runForm(
  state: string,
  form: {
    id: string;
    call: string;
    fields: NonNullable<Extract<Node, { type: "form" }>["fields"]>;
  },
  submit: { label: string; successText: string },
): Node {
  return {
    type: "form",
    id: form.id,
    visibleWhen: { state, present: true },
    fields: form.fields,
    submit: {
      label: submit.label,
      method: "POST",
      path: `${BASE}/approvals/{${state}}/${form.call}`,
      successText: submit.successText,
      invalidate: [STATUS],
      resetOnSuccess: true,
      onSuccess: { kind: "set-state", values: {}, clear: [state] },
    },
  };
}

const COMMENTS = {
  name: "comments",
  label: "Comments",
  kind: "textarea" as const,
  maxLength: 2000,
};

/** The run in progress with what the caller may do on it, and a form for each. */
function inProgressNodes(access: MembershipAccess): Node[] {
  const mayDecide = authorize(access, "projects", "approve");
  const maySubmit = authorize(access, "projects", "update");
  const pick = (state: string) => ({
    kind: "set-state" as const,
    values: { [state]: { $field: "id" } },
    clear: [DECIDING, WITHDRAWING, REASSIGNING].filter((s) => s !== state),
  });
  return [{
    type: "section",
    title: "In progress",
    children: [
      {
        type: "table",
        source: STATUS,
        path: "open",
        columns: [
          { key: "workflow_name", label: "Workflow" },
          { key: "current_step_name", label: "Step" },
          { key: "waiting_for", label: "Waiting for", fallback: "—" },
          { key: "submitted_by_name", label: "Submitted by" },
          { key: "submitted_at", label: "Submitted", format: "datetime" },
        ],
        emptyText: "No approval is in progress.",
        rowActions: [
          ...(mayDecide
            ? [{
              label: "Decide",
              action: pick(DECIDING),
              when: { field: "can_act", equals: true },
            }]
            : []),
          ...(maySubmit
            ? [{
              label: "Withdraw",
              action: pick(WITHDRAWING),
              when: { field: "can_withdraw", equals: true },
            }]
            : []),
          ...(access.role === ADMIN_ROLE
            ? [{
              label: "Reassign",
              action: pick(REASSIGNING),
              when: { field: "can_reassign", equals: true },
            }]
            : []),
        ],
      },
      ...(mayDecide
        ? [runForm(DECIDING, {
          id: "approval-decision",
          call: "process",
          fields: [
            {
              name: "action",
              label: "Decision *",
              kind: "select",
              required: true,
              options: [
                { value: "approve", label: "Approve" },
                { value: "request_changes", label: "Request changes" },
                { value: "reject", label: "Reject" },
              ],
              initial: "approve",
            },
            { ...COMMENTS, help: "Required when you reject or request changes." },
          ],
        }, { label: "Record decision", successText: "Decision recorded" })]
        : []),
      ...(maySubmit
        ? [runForm(WITHDRAWING, {
          id: "approval-withdraw",
          call: "withdraw",
          fields: [{
            ...COMMENTS,
            help: "The approval ends withdrawn and the project reads Not submitted again.",
          }],
        }, { label: "Withdraw approval", successText: "Approval withdrawn" })]
        : []),
      ...(access.role === ADMIN_ROLE
        ? [runForm(REASSIGNING, {
          id: "approval-reassign",
          call: "reassign",
          fields: [
            {
              name: "user_id",
              label: "New approver *",
              kind: "select",
              required: true,
              optionsSource: {
                source: STATUS,
                path: "current.reassign_candidates",
                value: "id",
                label: "name",
              },
              help: "The step then waits for this person alone.",
            },
            COMMENTS,
          ],
        }, { label: "Reassign step", successText: "Step reassigned" })]
        : []),
    ],
  }];
}

function submitNodes(): Node[] {
  return [{
    type: "section",
    title: "Submit for approval",
    description: "The project goes through the chosen workflow's steps that apply to it.",
    children: [{
      type: "form",
      id: "approval-submit",
      fields: [{
        name: "workflow_id",
        label: "Workflow *",
        kind: "select",
        required: true,
        optionsSource: { source: WORKFLOWS, path: "workflows", value: "id", label: "name" },
      }],
      submit: {
        label: "Submit for approval",
        method: "POST",
        path: `${BASE}/submit-approval`,
        successText: "Submitted for approval",
        invalidate: [STATUS],
      },
    }],
  }];
}

/** The tab's widgets and data calls for a caller who may read projects. */
export function approvalsTab(
  access: MembershipAccess,
): FormTabContent {
  const sources: Record<string, Source> = {
    [STATUS]: { method: "GET", path: `${BASE}/approval-status`, select: "data", label: "Approval" },
  };
  const maySubmit = authorize(access, "projects", "update");
  if (maySubmit) {
    sources[WORKFLOWS] = {
      method: "GET",
      path: `${BASE}/approval-workflows`,
      select: "data",
      label: "Approval workflows",
    };
  }
  return {
    sources,
    children: [
      {
        type: "key-value",
        items: [
          {
            label: "Approval",
            value: { $bind: STATUS, path: "approval_status_label" },
            tone: {
              $match: {
                value: { $bind: STATUS, path: "approval_status" },
                cases: { approved: "success", rejected: "danger", pending: "warning" },
                otherwise: "warning",
              },
            },
          },
          {
            label: "Workflow",
            value: { $bind: STATUS, path: "current.workflow_name", fallback: "Not submitted" },
          },
          {
            label: "Waiting for",
            value: { $bind: STATUS, path: "current.waiting_on", fallback: "No one" },
          },
          {
            label: "Submitted by",
            value: { $bind: STATUS, path: "current.submitted_by_name", fallback: "—" },
          },
          {
            label: "Submitted",
            value: {
              $bind: STATUS,
              path: "current.submitted_at",
              format: "datetime",
              fallback: "—",
            },
          },
        ],
      },
      ...inProgressNodes(access),
      {
        type: "section",
        title: "Steps",
        children: [{
          type: "table",
          source: STATUS,
          path: "current.steps",
          columns: [
            { key: "step_name", label: "Step" },
            { key: "approver_role_label", label: "Approver" },
            { key: "condition", label: "Applies when" },
            { key: "state_label", label: "State", tone: STATE_TONES },
            { key: "decided_by", label: "Decided by", fallback: "—" },
            { key: "comments", label: "Comments", fallback: "—" },
          ],
          pageSize: 20,
          emptyText: "This project has not been submitted for approval.",
        }],
      },
      {
        type: "section",
        title: "Decisions",
        children: [{
          type: "table",
          source: STATUS,
          path: "current.actions",
          columns: [
            { key: "step_name", label: "Step" },
            { key: "action_label", label: "Decision" },
            { key: "acted_by_name", label: "By" },
            { key: "acted_at", label: "When", format: "datetime" },
            { key: "comments", label: "Comments", fallback: "—" },
          ],
          emptyText: "No decision yet.",
        }],
      },
      ...(maySubmit ? submitNodes() : []),
      {
        type: "section",
        title: "Earlier approvals",
        children: [{
          type: "table",
          source: STATUS,
          path: "history",
          columns: [
            { key: "workflow_name", label: "Workflow" },
            { key: "status_label", label: "Outcome", tone: OUTCOME_TONES },
            { key: "submitted_by_name", label: "Submitted by" },
            { key: "submitted_at", label: "Submitted", format: "datetime" },
            { key: "decided_at", label: "Decided", format: "datetime", fallback: "—" },
          ],
          emptyText: "No earlier approvals.",
        }],
      },
    ],
  };
}

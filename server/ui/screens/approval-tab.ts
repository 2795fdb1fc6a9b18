/**
 * The Approvals tab of the project form (issue 14): the project's approval status,
 * the current run step by step (approver, condition, state, who decided and their
 * comments), every decision in order, the earlier runs; a submission form for
 * those who may update projects, and for approvers the runs awaiting their
 * decision with a decision form (approve, reject or request changes, with
 * comments). The server decides who may act; the screen only offers it.
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import type { FormTabContent } from "./record-form-tab.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";

const BASE = "/enterprise-projects/{id}";
const STATUS = "approvals_status";
const WORKFLOWS = "approvals_workflows";
/** Screen state: the run the approver is deciding on. */
const DECIDING = "approvals_deciding";

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

function decisionNodes(): Node[] {
  return [
    {
      type: "section",
      title: "Awaiting your decision",
      children: [
        {
          type: "table",
          source: STATUS,
          path: "decisions",
          columns: [
            { key: "workflow_name", label: "Workflow" },
            { key: "current_step_name", label: "Step" },
            { key: "submitted_by_name", label: "Submitted by" },
            { key: "submitted_at", label: "Submitted", format: "datetime" },
          ],
          emptyText: "Nothing awaits your decision.",
          rowActions: [{
            label: "Decide",
            action: { kind: "set-state", values: { [DECIDING]: { $field: "id" } } },
          }],
        },
        {
          type: "form",
          id: "approval-decision",
          visibleWhen: { state: DECIDING, present: true },
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
            {
              name: "comments",
              label: "Comments",
              kind: "textarea",
              maxLength: 2000,
              help: "Required when you reject or request changes.",
            },
          ],
          submit: {
            label: "Record decision",
            method: "POST",
            path: `${BASE}/approvals/{${DECIDING}}/process`,
            successText: "Decision recorded",
            invalidate: [STATUS],
            resetOnSuccess: true,
            onSuccess: { kind: "set-state", values: {}, clear: [DECIDING] },
          },
        },
      ],
    },
  ];
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
  const mayDecide = authorize(access, "projects", "approve");
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
            label: "Current step",
            value: { $bind: STATUS, path: "current.current_step_name", fallback: "None" },
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
      ...(mayDecide ? decisionNodes() : []),
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

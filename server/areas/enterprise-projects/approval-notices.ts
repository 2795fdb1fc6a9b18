/**
 * What a project approval tells people (issue 24), in the app and by mail: each
 * step that comes to wait tells everyone who may approve it (never the
 * submitter), once per run and step — a reassigned step tells its new approver;
 * the end of a run tells the submitter how it ended. Every notice links to the
 * project's form.
 */
import type { Queryable } from "../../db/database.ts";
import { notify } from "../../platform/notifications/mod.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";
import { recordLink } from "../../records/record-link.ts";
import type { Approver } from "./approval-approvers.ts";

/** The run a notice is about. */
export interface NoticeRun {
  organizationId: string;
  runId: string;
  projectId: string;
  projectName: string;
  submittedBy: string | null;
  submitterName: string;
}

function linkOf(engine: RecordEngine, projectId: string): string {
  const type = engine.findType("project");
  return type ? recordLink(type, projectId) : `/app/projects/${encodeURIComponent(projectId)}`;
}

/** Tells the approvers of a step that has come to wait (the submitter left out). */
export async function noticeWaitingStep(
  tx: Queryable,
  engine: RecordEngine,
  run: NoticeRun,
  step: { idx: number; step_name: string; approvers: readonly Approver[] },
  now: string,
): Promise<number> {
  let told = 0;
  for (const approver of step.approvers) {
    if (approver.id === run.submittedBy) continue;
    const sent = await notify(tx, {
      organizationId: run.organizationId,
      userId: approver.id,
      title: "Approval waiting for you: {project}",
      message: "{project} waits for your approval at {step}. Submitted by {submitter}.",
      params: { project: run.projectName, step: step.step_name, submitter: run.submitterName },
      link: linkOf(engine, run.projectId),
      category: "approval",
      key: `project_approval:${run.runId}:${step.idx}`,
    }, { now, mailWith: { publicUrl: engine.publicUrl } });
    if (sent) told++;
  }
  return told;
}

const OUTCOMES = {
  approved: {
    title: "Project approved: {project}",
    message: "{project} was approved. The last decision was {approver}'s, at {step}.",
  },
  rejected: {
    title: "Project rejected: {project}",
    message: "{approver} rejected {project} at {step}: {comments}",
  },
  changes_requested: {
    title: "Changes requested: {project}",
    message: "{approver} asked for changes to {project} at {step}: {comments}",
  },
} as const;

/** Tells the submitter how their run ended. */
export async function noticeOutcome(
  tx: Queryable,
  engine: RecordEngine,
  run: NoticeRun,
  outcome: { status: keyof typeof OUTCOMES; step: string; approver: string; comments: string },
  now: string,
): Promise<void> {
  if (!run.submittedBy) return;
  await notify(tx, {
    organizationId: run.organizationId,
    userId: run.submittedBy,
    ...OUTCOMES[outcome.status],
    params: {
      project: run.projectName,
      step: outcome.step,
      approver: outcome.approver,
      comments: outcome.comments,
    },
    link: linkOf(engine, run.projectId),
    category: "approval",
    key: `project_approval:${run.runId}:outcome`,
  }, { now, mailWith: { publicUrl: engine.publicUrl } });
}

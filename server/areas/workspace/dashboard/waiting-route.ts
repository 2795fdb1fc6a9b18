/**
 * `POST /dashboard/waiting`: what waits for the caller (issue 24) — project
 * approval steps they may decide, expense claims naming them as approver,
 * budgets pending an approval they may give, and any other record type whose
 * state awaits them — each with the page to act on it, oldest first.
 */
import { z } from "zod";
import type { Database } from "../../../db/database.ts";
import type { Api } from "../../../platform/http/api.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { recordsWaitingFor } from "../../../records/engine/waiting-list.ts";
import { recordLink } from "../../../records/record-link.ts";
import { approvalsWaitingFor } from "../../enterprise-projects/mod.ts";

/** Items listed at most. */
const LISTED = 100;

export const WaitingForMeRequest = z.object({}).strict();
export const WaitingForMeResponse = z.object({
  items: z.array(
    z.object({
      /** What kind of thing waits: "Project approval", "Expense claim", "Budget". */
      kind: z.string(),
      title: z.string(),
      /** What is asked, in words: "Executive review, submitted by Peter Novak". */
      detail: z.string(),
      /** The kind and what is asked: "Project approval · Executive review, submitted by …". */
      summary: z.string(),
      /** Since when it waits (its last change). */
      since: z.string(),
      /** The app path of the page to act on it. */
      link: z.string(),
    }).strict(),
  ),
}).strict();

/** Declares the "Waiting for me" call. */
export function waitingForMeRoutes(api: Api, db: Database, records: RecordEngine): void {
  api.route({
    method: "post",
    path: "/dashboard/waiting",
    tag: "Dashboard",
    summary: "What waits for the caller's decision: approvals, claims, budgets",
    audience: "staff",
    body: WaitingForMeRequest,
    response: WaitingForMeResponse,
  }, async (c, { access }) => {
    const project = records.findType("project");
    const approvals = (await approvalsWaitingFor(db, access)).map((a) => ({
      kind: "Project approval",
      title: a.project_name,
      detail: a.submitted_by_name
        ? `${a.step_name}, submitted by ${a.submitted_by_name}`
        : a.step_name,
      since: a.since,
      link: project
        ? recordLink(project, a.project_id)
        : `/app/projects/${encodeURIComponent(a.project_id)}`,
    }));
    const waiting = (await recordsWaitingFor(records, access)).map((r) => ({
      kind: r.type_label,
      title: r.title,
      detail: r.title === r.name ? r.action_label : `${r.name}: ${r.action_label.toLowerCase()}`,
      since: r.since,
      link: r.link,
    }));
    const items = [...approvals, ...waiting].sort((a, b) => a.since.localeCompare(b.since));
    return c.json({
      items: items.slice(0, LISTED).map((i) => ({ ...i, summary: `${i.kind} · ${i.detail}` })),
    });
  });
}

/**
 * A workflow's graph (`GET /api/automation/workflows/{id}/graph`): the workflow
 * read through the engine, so only those who may read workflows see it, drawn as
 * its steps shape its record type's transitions (workflow-graph.ts).
 */
import type { Api } from "../../../platform/http/api.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { WorkflowGraph } from "../../../../schemas/api/workflow-graph.ts";
import { WORKFLOW } from "../types/workflow.ts";
import { workflowGraph } from "./workflow-graph.ts";
import type { WorkflowStep } from "./workflow-steps.ts";

/** Declares the graph call. */
export function workflowRoutes(api: Api, records: RecordEngine): void {
  api.route({
    method: "get",
    path: "/api/automation/workflows/:id/graph",
    tag: "Automation: Workflows",
    summary: "A workflow's states and transitions as a graph, as its steps shape them",
    audience: "staff",
    response: WorkflowGraph,
  }, async (c, { access }) => {
    const { record } = await records.get(access, WORKFLOW.id, c.req.param("id")!);
    const type = records.findType(String(record.record_type))!;
    return c.json(workflowGraph(type, (record.steps ?? []) as WorkflowStep[]));
  });
}

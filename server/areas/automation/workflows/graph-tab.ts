/**
 * The Graph tab of a workflow's form: its states and transitions drawn as the
 * saved steps shape them, with what to know (states no step reaches, transitions
 * switched off). Bound to the graph call with the workflow's id from the route.
 */
import type { Node, Source } from "../../../../schemas/descriptor/mod.ts";

const GRAPH = "workflowGraph";

/** The tab's widgets and sources (the same for everyone who may read workflows). */
export function graphTab(): { sources: Record<string, Source>; children: Node[] } {
  return {
    sources: {
      [GRAPH]: { method: "GET", path: "/api/automation/workflows/{id}/graph", label: "Graph" },
    },
    children: [{
      type: "card",
      title: "Workflow graph",
      subtitle: "The states and the transitions between them, as the saved steps allow.",
      children: [{
        type: "state-graph",
        source: GRAPH,
        title: "Workflow graph",
        emptyText: "This workflow has no states",
      }],
    }],
  };
}

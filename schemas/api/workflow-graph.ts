/**
 * A workflow drawn as a graph (`GET /api/automation/workflows/{id}/graph`, the
 * `state-graph` widget): its states placed by the server, row by row from the
 * initial state along the transitions, and its transitions between them.
 */
import { z } from "zod";

export const GraphState = z.object({
  id: z.string(),
  label: z.string(),
  tone: z.enum(["neutral", "info", "success", "warning", "danger"]),
  /** Row from the top: the steps from the initial state; unreachable states come last. */
  row: z.number().int().min(0),
  /** Place within the row, from the left. */
  column: z.number().int().min(0),
  initial: z.boolean(),
  reachable: z.boolean(),
}).strict();

export const GraphEdge = z.object({
  from: z.string(),
  to: z.string(),
  label: z.string().describe("the transition's name"),
  detail: z.string().describe("who may take it and whether it asks for a comment"),
  edited: z.boolean().describe("the organisation's workflow changed it"),
}).strict();

export const WorkflowGraph = z.object({
  states: z.array(GraphState),
  edges: z.array(GraphEdge),
  /** What the reader should know: states no transition reaches, transitions switched off. */
  notes: z.array(z.string()),
}).strict();

export type WorkflowGraph = z.infer<typeof WorkflowGraph>;

/** The fields every node of the widget catalogue may carry. */
import { z } from "zod";

/** Fields every node may carry. */
export const base = {
  id: z.string().optional(),
  fallback: z.string().optional().describe("text shown if this node cannot be rendered"),
  visibleWhen: z.union([
    z.object({
      state: z.string(),
      equals: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
      present: z.boolean().optional(),
    }).strict(),
    z.object({
      source: z.string(),
      path: z.string().describe("dot path in the source's value"),
      equals: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
      present: z.boolean().optional(),
    }).strict(),
  ]).optional().describe(
    "render only when screen state matches, or a loaded source's value at a path does",
  ),
};

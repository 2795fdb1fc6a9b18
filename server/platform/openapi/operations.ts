/**
 * `GET /api/openapi/operations`: every declared call in one flat list (method,
 * path in OpenAPI's `{param}` form, area, summary, multipart calls marked, who may
 * call) for the API
 * reference page. It is declared like any endpoint, so it is in the document and
 * its answer is held to its schema.
 */
import { z } from "zod";
import type { Api, Audience } from "../http/api.ts";

const ACCESS: Record<Audience, string> = {
  public: "Anyone",
  user: "Signed-in users",
  portal: "Client portal users",
  staff: "Staff",
};

const OperationsResponse = z.object({
  operations: z.array(
    z.object({
      method: z.string(),
      path: z.string(),
      tag: z.string(),
      summary: z.string(),
      /** Present for calls that take a multipart form (file uploads) instead of JSON. */
      request: z.literal("multipart/form-data").optional(),
      access: z.enum(["Anyone", "Signed-in users", "Client portal users", "Staff"]),
    }).strict(),
  ),
}).strict();

/** Declares the operations list on `api` (it lists the endpoints declared when it is called). */
export function operationsRoutes(api: Api): void {
  api.route({
    method: "get",
    path: "/api/openapi/operations",
    tag: "Public",
    summary: "Every call of the API with who may make it, for the API reference",
    audience: "public",
    response: OperationsResponse,
  }, (c) =>
    c.json({
      operations: api.endpoints.map((e) => ({
        method: e.method.toUpperCase(),
        path: e.path.replace(/:([A-Za-z_]+)/g, "{$1}"),
        tag: e.tag,
        summary: e.summary,
        ...(e.bodyFormat === "multipart" ? { request: "multipart/form-data" as const } : {}),
        access: ACCESS[e.audience],
      })),
    }));
}

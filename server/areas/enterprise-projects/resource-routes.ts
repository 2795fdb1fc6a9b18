/**
 * The enterprise project resource calls (spec 001 §5 and §7, issue 14): capacity
 * against allocated work per member and week, a member's allocation, and the
 * utilisation report. Reading needs projects.read, allocating projects.update.
 */
import * as S from "../../../schemas/api/enterprise-projects/resources.ts";
import type { Api } from "../../platform/http/api.ts";
import type { EnterpriseDeps } from "./mod.ts";
import { capacityWindow, resourceCapacity } from "./resource-capacity.ts";
import { setAllocation } from "./resource-allocation.ts";
import { utilizationReport } from "./resource-utilization.ts";

const TAG = "Enterprise projects";

/** Declares the resource calls. */
export function resourceRoutes(api: Api, { db, records, clock }: EnterpriseDeps): void {
  const today = () => new Date(clock()).toISOString().slice(0, 10);

  api.route({
    method: "get",
    path: "/enterprise-projects/:id/resource-capacity",
    tag: TAG,
    summary: "Each member's weekly capacity against the hours their open tasks need, per ISO week",
    description: "The window defaults to this week and the three after it. A task's remaining " +
      "estimated hours are spread evenly over the working days from its start to its due date.",
    audience: "staff",
    query: S.ResourceCapacityQuery,
    response: S.ResourceCapacityResponse,
  }, async (c, { access, query }) => {
    const id = c.req.param("id") ?? "";
    await records.get(access, "project", id);
    const window = capacityWindow(query, today());
    return c.json({ data: await resourceCapacity(db, access.organizationId, id, window) });
  });

  api.route({
    method: "put",
    path: "/enterprise-projects/:id/resources/:rid/allocation",
    tag: TAG,
    summary: "Sets a team member's allocation (default: hourly rate / 10, rounded) and capacity",
    audience: "staff",
    body: S.AllocationRequest,
    response: S.AllocationResponse,
  }, async (c, { access, body }) => {
    await records.get(access, "project", c.req.param("id") ?? "");
    return c.json({
      data: await setAllocation(
        records,
        access,
        c.req.param("id") ?? "",
        c.req.param("rid") ?? "",
        body,
      ),
    });
  });

  api.route({
    method: "get",
    path: "/enterprise-projects/:id/resource-utilization-report",
    tag: TAG,
    summary:
      "Per member over the project's span: capacity, allocated and logged hours, utilisation",
    audience: "staff",
    response: S.UtilizationReportResponse,
  }, async (c, { access }) => {
    const { record } = await records.get(access, "project", c.req.param("id") ?? "");
    const start = String(record.start_date ?? today());
    const end = String(record.end_date ?? start);
    return c.json({
      data: await utilizationReport(db, access.organizationId, String(record.id), {
        start,
        end: end < start ? start : end,
      }),
    });
  });
}

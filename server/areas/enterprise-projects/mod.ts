/**
 * The enterprise project service (spec 001 §7, base /enterprise-projects): each
 * group of calls lives in its own file and is registered here. Calls on a fixed
 * path (bulk-update, export, import, optimize-performance) are registered before
 * the calls on `/:id`, so the router never reads such a path as a project id.
 * The rules of approval workflows join the record engine here too.
 */
import type { Database } from "../../db/database.ts";
import type { Api } from "../../platform/http/api.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";
import { coreProjectRoutes } from "./core-routes.ts";
import { approvalRoutes } from "./approval-routes.ts";
import { resourceRoutes } from "./resource-routes.ts";
import { planningRoutes } from "./planning-routes.ts";
import { dataCareRoutes } from "./data-care-routes.ts";

export { approvalsWaitingFor, type WaitingApproval } from "./approvals-waiting.ts";

/** What the enterprise calls are built on. */
export interface EnterpriseDeps {
  db: Database;
  records: RecordEngine;
  /** Milliseconds since the epoch (tests move it). */
  clock: () => number;
}

/** Declares every enterprise project call. */
export function enterpriseProjectRoutes(api: Api, deps: EnterpriseDeps): void {
  coreProjectRoutes(api, deps);
  approvalRoutes(api, deps);
  resourceRoutes(api, deps);
  planningRoutes(api, deps);
  dataCareRoutes(api, deps);
}

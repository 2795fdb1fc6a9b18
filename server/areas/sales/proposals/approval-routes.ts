/**
 * The approval thresholds' calls behind the proposals list's "Approval
 * thresholds" card: read them with their version, and save them over that
 * version (409 when someone saved first). Only administrators call them.
 */
import {
  ProposalApprovalReadRequest,
  ProposalApprovalRequest,
  ProposalApprovalResponse,
} from "../../../../schemas/api/proposal-approval.ts";
import type { Database } from "../../../db/database.ts";
import { type Access, ADMIN_ROLE } from "../../../platform/access/access.ts";
import { ADMIN_REQUIRED_TEXT } from "../../../platform/access/authorize.ts";
import { forbidden } from "../../../platform/errors/app-error.ts";
import type { Api } from "../../../platform/http/api.ts";
import { readApprovalThresholds, saveApprovalThresholds } from "./approval-thresholds.ts";

/** The path of the thresholds' calls (owned by the proposals module). */
export const APPROVAL_PATH = "/api/sales/proposal-approval";

function requireAdministrator(access: Access): void {
  if (access.role !== ADMIN_ROLE) throw forbidden(ADMIN_REQUIRED_TEXT, { role: ADMIN_ROLE });
}

/** Declares the thresholds' endpoints. */
export function approvalRoutes(api: Api, db: Database, clock: () => number): void {
  const base = { tag: "Proposals", audience: "staff" as const };
  api.route({
    ...base,
    method: "post",
    path: `${APPROVAL_PATH}/get`,
    reads: true,
    summary: "The proposal approval thresholds, with their version (0 when never stored)",
    body: ProposalApprovalReadRequest,
    response: ProposalApprovalResponse,
  }, async (c, { access }) => {
    requireAdministrator(access);
    return c.json(await readApprovalThresholds(db, access.organizationId));
  });

  api.route({
    ...base,
    method: "post",
    path: APPROVAL_PATH,
    summary: "Save the proposal approval thresholds (409 on a stale version)",
    body: ProposalApprovalRequest,
    response: ProposalApprovalResponse,
  }, async (c, { access, body }) => {
    requireAdministrator(access);
    const who = {
      organizationId: access.organizationId,
      actorId: access.user.id,
      requestId: c.get("requestId"),
      now: new Date(clock()).toISOString(),
    };
    return c.json(await db.transaction((tx) => saveApprovalThresholds(tx, body, who)));
  });
}

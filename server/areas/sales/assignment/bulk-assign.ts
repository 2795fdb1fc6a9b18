/**
 * A bulk assignment of leads, in one transaction: the leads (a selection the
 * caller may read, or the caller's list under a filter; at most
 * `BULK_ASSIGN_MAX`) are locked and read in chunks, each given its new owner —
 * one person, or the first active rule that matches it (its turns taken as one
 * after another, every rule locked first in one order) — and written with few
 * statements (records/engine/bulk-fields.ts): the owner, one row of each lead's
 * assignment log and one audit entry per lead.
 */
import type { Queryable } from "../../../db/database.ts";
import { forUpdate } from "../../../db/dialect.ts";
import type { Access } from "../../../platform/access/access.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import type { RecordType } from "../../../records/define.ts";
import { type BulkFieldChange, setFieldsInBulk } from "../../../records/engine/bulk-fields.ts";
import { whereClause } from "../../../records/engine/list-query.ts";
import { mayReach, readableIds } from "../../../records/engine/record-access.ts";
import { loadRecords } from "../../../records/engine/record-store.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import type { Filter } from "../../../../schemas/records/meta.ts";
import {
  BULK_ASSIGN_MAX,
  type BulkAssignRequest,
  type BulkAssignResponse,
} from "../../../../schemas/api/lead-assignment.ts";
import { activeAssignmentRules, ruleMatches } from "./assignment-rules.ts";
import { closedStages, type RuleTurns, ruleTurns, takeTurn } from "./pick-owner.ts";

/** Leads read and locked at a time. */
const CHUNK = 500;

/** Where the assignment runs. */
export interface BulkScope {
  tx: Queryable;
  access: Access;
  lead: RecordType;
  types: ReadonlyMap<string, RecordType>;
  now: string;
}

/** The ids of the leads the call names, in a stable order; 400 naming the field when it may not. */
async function leadIds(scope: BulkScope, body: BulkAssignRequest): Promise<string[]> {
  const { tx, access, lead, types } = scope;
  if (body.ids) {
    const wanted = [...new Set(body.ids)];
    const readable = await readableIds({ q: tx, types }, access, lead, wanted);
    const missing = wanted.filter((id) => !readable.has(id));
    if (missing.length > 0) {
      const why = `${missing.length} of the leads do not exist or are not yours to see (${
        missing.slice(0, 3).join(", ")
      })`;
      throw invalidInput(why, { ids: why });
    }
    return wanted.sort();
  }
  const where = whereClause(lead, access, {
    filters: body.filter?.filters ?? criteriaFilters(body),
    search: body.filter?.search,
    today: scope.now.slice(0, 10),
    types,
    dialect: tx.dialect,
  });
  const rows = await tx.all<{ id: string }>(
    `SELECT t.id FROM ${lead.table} t WHERE ${where.sql} ORDER BY t.id LIMIT ?`,
    [...where.params, BULK_ASSIGN_MAX + 1],
  );
  if (rows.length > BULK_ASSIGN_MAX) {
    const why = `The filter matches more than ${BULK_ASSIGN_MAX} leads; narrow it`;
    throw invalidInput(why, { filter: why });
  }
  return rows.map((r) => String(r.id));
}

/** The screen's plain criteria as list filters. */
function criteriaFilters(body: BulkAssignRequest): Filter[] {
  const filters: Filter[] = [];
  if (body.stage) filters.push({ field: "stage", op: "eq", value: body.stage });
  if (body.source) filters.push({ field: "source", op: "eq", value: body.source });
  if (body.territory) filters.push({ field: "territory", op: "eq", value: body.territory });
  if (body.current_owner) filters.push({ field: "owner", op: "eq", value: body.current_owner });
  return filters;
}

/** The leads, locked (in id order) and read, chunk by chunk. */
async function lockedLeads(scope: BulkScope, ids: readonly string[]): Promise<RecordData[]> {
  const { tx, access, lead } = scope;
  const out: RecordData[] = [];
  for (let at = 0; at < ids.length; at += CHUNK) {
    const chunk = ids.slice(at, at + CHUNK);
    await tx.all(
      `SELECT id FROM ${lead.table} WHERE organization_id = ? AND id IN (${
        chunk.map(() => "?").join(", ")
      }) ORDER BY id ${forUpdate(tx.dialect)}`,
      [access.organizationId, ...chunk],
    );
    const records = await loadRecords(tx, lead, access.organizationId, chunk);
    const byId = new Map(records.map((r) => [String(r.id), r]));
    for (const id of chunk) {
      const record = byId.get(id);
      if (record && mayReach(lead, access, record)) out.push(record);
    }
  }
  return out;
}

/** Whether `user` is a member of the caller's organisation; 400 naming `to` when not. */
export async function requireMember(tx: Queryable, organizationId: string, user: string) {
  const found = await tx.get(
    "SELECT 1 AS found FROM user_organizations WHERE organization_id = ? AND user_id = ?",
    [organizationId, user],
  );
  if (!found) {
    const why = "No member of this organisation has this id";
    throw invalidInput(why, { to: why });
  }
}

/** Assigns the leads the request names; answers the counts. */
export async function assignInBulk(
  scope: BulkScope,
  body: BulkAssignRequest,
): Promise<BulkAssignResponse> {
  const { tx, access, now } = scope;
  const org = access.organizationId;
  if (body.to) await requireMember(tx, org, body.to);
  const leads = await lockedLeads(scope, await leadIds(scope, body));
  const counts = { matched: leads.length, assigned: 0, unchanged: 0, at_capacity: 0, unmatched: 0 };
  const changes: BulkFieldChange[] = [];
  const logRow = (owner: string | null, reason: string, rule?: { id: string; turn: number }) => ({
    assigned_to: owner,
    assigned_by: access.user.id,
    rule_id: rule?.id ?? null,
    reason,
    created_at: now,
    rule_turn: rule?.turn ?? 0,
  });
  if (body.to) {
    const reason = body.reason || "Assigned by hand";
    for (const lead of leads) {
      if (lead.owner === body.to) {
        counts.unchanged++;
        continue;
      }
      changes.push({
        record: lead,
        values: { owner: body.to },
        append: { assignments: [logRow(body.to, reason)] },
      });
    }
  } else {
    const rules = await activeAssignmentRules(tx, org);
    // Every rule locked in one order before any turn, so two bulk calls cannot wait on each other.
    const turns = new Map<string, RuleTurns>();
    for (const rule of [...rules].sort((a, b) => a.id.localeCompare(b.id))) {
      turns.set(rule.id, await ruleTurns(tx, org, rule));
    }
    const closed = await closedStages(tx, org);
    const today = now.slice(0, 10);
    for (const lead of leads) {
      const rule = rules.find((r) => ruleMatches(r, lead, today));
      if (!rule) {
        counts.unmatched++;
        continue;
      }
      const before = lead.owner ? String(lead.owner) : null;
      const open = !closed.has(String(lead.stage ?? ""));
      const pick = takeTurn(turns.get(rule.id)!, open ? before : null);
      if (!pick.owner) {
        counts.at_capacity++;
        continue;
      }
      if (pick.owner === before) {
        counts.unchanged++;
        continue;
      }
      changes.push({
        record: lead,
        values: { owner: pick.owner },
        append: {
          assignments: [logRow(pick.owner, pick.reason, { id: rule.id, turn: pick.turn })],
        },
      });
    }
  }
  await setFieldsInBulk(tx, access, scope.lead, changes, { action: "update", now });
  counts.assigned = changes.length;
  return counts;
}

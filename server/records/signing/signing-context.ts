/**
 * What the signing engine works with: the record engine (its actions, clock and
 * public address) and the signable types by id, with the lookups every part of
 * signing shares.
 */
import type { Queryable } from "../../db/database.ts";
import { conflict } from "../../platform/errors/app-error.ts";
import type { Access } from "../../platform/access/access.ts";
import { readMembershipAccess } from "../../platform/access/resolver.ts";
import type { RecordEngine } from "../engine/engine.ts";
import type { RecordType } from "../define.ts";
import type { RecordData } from "../engine/record-rows.ts";
import type { Signable } from "./signable.ts";
import type { RequestRow } from "./signing-store.ts";

/** The engine and the types that may be signed. */
export interface SigningContext {
  engine: RecordEngine;
  signables: ReadonlyMap<string, Signable>;
}

/** The signing context over an engine and the signable types. */
export function signingContext(
  engine: RecordEngine,
  signables: readonly Signable[],
): SigningContext {
  for (const s of signables) {
    if (!engine.types.has(s.type)) throw new Error(`Signing names the unknown type "${s.type}"`);
  }
  return { engine, signables: new Map(signables.map((s) => [s.type, s])) };
}

/** The type and signable of a request. */
export function typeOfRequest(
  ctx: SigningContext,
  request: RequestRow,
): { type: RecordType; signable: Signable } {
  const type = ctx.engine.types.get(request.record_type);
  const signable = ctx.signables.get(request.record_type);
  if (!type || !signable) throw conflict(`Records of type "${request.record_type}" are not signed`);
  return { type, signable };
}

/**
 * The staff member a signer's answer acts as: the firm's side of the record (its
 * owner), else whoever made the request. The evidence says who really answered.
 */
export async function actingStaff(
  q: Queryable,
  signable: Signable,
  where: { record: RecordData; request: RequestRow },
): Promise<Access> {
  const candidates = [
    signable.ownerField ? where.record[signable.ownerField] : undefined,
    where.request.requested_by,
  ].filter((id): id is string => typeof id === "string" && id !== "");
  for (const userId of candidates) {
    const membership = await readMembershipAccess(q, userId, where.request.organization_id);
    if (membership && !membership.user.is_client_portal_user) {
      return { ...membership, sessionId: "" };
    }
  }
  throw conflict(
    `${where.request.record_name}: neither its owner nor its sender is an active member of the firm`,
  );
}

/** The time now, as the engine's clock tells it. */
export function nowOf(ctx: SigningContext): string {
  return new Date(ctx.engine.clock()).toISOString();
}

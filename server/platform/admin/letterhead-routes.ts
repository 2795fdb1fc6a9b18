/**
 * The letterhead's calls behind System Settings → Letterhead: read it with its
 * version, and save it over that version (409 when someone saved first). Only
 * administrators call them; whoever may read an invoice sees the letterhead
 * printed on it (server/areas/finance/invoices/printed-invoice.ts), never these calls.
 */
import type { Context } from "hono";
import {
  LetterheadReadRequest,
  LetterheadRequest,
  LetterheadResponse,
} from "../../../schemas/api/letterhead.ts";
import type { Database } from "../../db/database.ts";
import { type Access, ADMIN_ROLE } from "../access/access.ts";
import { ADMIN_REQUIRED_TEXT } from "../access/authorize.ts";
import { forbidden } from "../errors/app-error.ts";
import type { Api } from "../http/api.ts";
import type { AppEnv } from "../http/app-env.ts";
import { readLetterhead, saveLetterhead } from "../orgs/letterhead.ts";

function administrator(c: Context<AppEnv>, access: Access, clock: () => number) {
  if (access.role !== ADMIN_ROLE) throw forbidden(ADMIN_REQUIRED_TEXT, { role: ADMIN_ROLE });
  return {
    organizationId: access.organizationId,
    actorId: access.user.id,
    requestId: c.get("requestId"),
    now: new Date(clock()).toISOString(),
  };
}

/** Declares the letterhead endpoints. */
export function letterheadRoutes(api: Api, db: Database, clock: () => number): void {
  const base = { tag: "Administration", audience: "staff" as const };
  api.route({
    ...base,
    method: "post",
    path: "/admin/settings/letterhead/get",
    summary: "The letterhead printed on documents, with its version (0 when never stored)",
    body: LetterheadReadRequest,
    response: LetterheadResponse,
  }, async (c, { access }) => {
    const who = administrator(c, access, clock);
    return c.json(await readLetterhead(db, who.organizationId));
  });

  api.route({
    ...base,
    method: "post",
    path: "/admin/settings/letterhead",
    summary: "Save the letterhead printed on documents (409 on a stale version)",
    body: LetterheadRequest,
    response: LetterheadResponse,
  }, async (c, { access, body }) => {
    const who = administrator(c, access, clock);
    return c.json(await db.transaction((tx) => saveLetterhead(tx, body, who)));
  });
}

/**
 * The one-click unsubscribe of nurturing mails: a public call (no login) with the
 * enrolment's unguessable token, by GET (the link in every mail) or POST (a mail
 * program's one-click unsubscribe). It marks the lead unsubscribed
 * (`unsubscribed_at`, audited) and exits every active enrolment of the lead at
 * once, in one transaction; the lead is never enrolled or mailed again. Asking
 * again answers the same; an unknown token answers 404.
 */
import {
  NurtureUnsubscribeQuery,
  NurtureUnsubscribeResponse,
} from "../../../../schemas/api/nurture.ts";
import type { Database } from "../../../db/database.ts";
import { recordAudit } from "../../../platform/audit/record.ts";
import { notFound } from "../../../platform/errors/app-error.ts";
import type { Api } from "../../../platform/http/api.ts";
import { LEAD } from "../types/lead.ts";
import { NURTURE_ENROLLMENT } from "../types/nurture-enrollment.ts";
import { enrolmentColumn as col } from "./enrol.ts";
import { exitEnrolments } from "./exits.ts";

const UNSUBSCRIBED = LEAD.field.get("unsubscribed_at")!.column;

/** Unsubscribes the lead of the enrolment holding `token`, at `now`. */
export async function unsubscribe(db: Database, token: string, now: string): Promise<void> {
  await db.transaction(async (tx) => {
    const enrolment = await tx.get<{ organization_id: string; lead: string }>(
      `SELECT organization_id, ${col("lead")} AS lead FROM ${NURTURE_ENROLLMENT.table}
        WHERE ${col("unsubscribe_token")} = ?`,
      [token],
    );
    if (!enrolment) throw notFound("Unsubscribe link");
    const marked = await tx.run(
      `UPDATE ${LEAD.table} SET ${UNSUBSCRIBED} = ?, version = version + 1, updated_at = ?
        WHERE organization_id = ? AND id = ? AND ${UNSUBSCRIBED} IS NULL`,
      [now, now, enrolment.organization_id, enrolment.lead],
    );
    if (marked.changes === 1) {
      await recordAudit(tx, {
        organizationId: enrolment.organization_id,
        actorId: null,
        action: "nurture_unsubscribe",
        resourceType: LEAD.id,
        resourceId: enrolment.lead,
        after: { unsubscribed_at: now },
        now,
      });
    }
    await exitEnrolments(tx, {
      organizationId: enrolment.organization_id,
      lead: enrolment.lead,
      reason: "unsubscribed",
      actorId: null,
      now,
    });
  });
}

/** Declares the unsubscribe calls. */
export function unsubscribeRoutes(api: Api, db: Database, clock: () => number): void {
  for (const method of ["get", "post"] as const) {
    api.route({
      method,
      path: "/api/nurture/unsubscribe",
      tag: "Lead nurturing",
      summary: method === "get"
        ? "Unsubscribe from nurturing mails (the link in every mail)"
        : "Unsubscribe from nurturing mails (a mail program's one-click unsubscribe)",
      description:
        "Marks the enrolment's lead unsubscribed and ends all its nurturing at once. No login: the token is the enrolment's own.",
      audience: "public",
      query: NurtureUnsubscribeQuery,
      response: NurtureUnsubscribeResponse,
    }, async (c, { query }) => {
      await unsubscribe(db, query.token, new Date(clock()).toISOString());
      return c.json({
        unsubscribed: true as const,
        message: "You are unsubscribed and will receive no more of these mails.",
      });
    });
  }
}

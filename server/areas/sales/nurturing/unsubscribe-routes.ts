/**
 * The one-click unsubscribe of nurturing mails: a public call (no login) with the
 * enrolment's unguessable token, by GET (the link in every mail; a browser reads
 * a page saying it is done). It marks the lead unsubscribed
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
import { AppError, notFound } from "../../../platform/errors/app-error.ts";
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

/** What a person who opened the link in a browser reads: a page, not JSON. */
function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
    `<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;` +
    `min-height:100vh;background:#f6f7f9;color:#1f2430}main{max-width:28rem;margin:1rem;` +
    `padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}` +
    `h1{font-size:1.25rem;margin:0 0 .5rem}</style></head>` +
    `<body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}

const DONE = "You are unsubscribed and will receive no more of these mails.";

/** Declares the unsubscribe call: the link in every mail, answering a page to a browser. */
export function unsubscribeRoutes(api: Api, db: Database, clock: () => number): void {
  api.route({
    method: "get",
    path: "/api/nurture/unsubscribe",
    tag: "Lead nurturing",
    summary: "Unsubscribe from nurturing mails (the link in every mail)",
    description:
      "Marks the enrolment's lead unsubscribed and ends all its nurturing at once. No login: the token is the enrolment's own. A browser (Accept: text/html) reads a page saying so.",
    audience: "public",
    query: NurtureUnsubscribeQuery,
    response: NurtureUnsubscribeResponse,
  }, async (c, { query }) => {
    const browser = (c.req.header("accept") ?? "").includes("text/html");
    try {
      await unsubscribe(db, query.token, new Date(clock()).toISOString());
    } catch (error) {
      if (!browser || !(error instanceof AppError) || error.status !== 404) throw error;
      return c.html(
        page(
          "This link is not valid",
          "The unsubscribe link is not one we sent, or it was cut short. Copy the whole link from the mail and open it again.",
        ),
        404,
      );
    }
    if (browser) return c.html(page("Unsubscribed", DONE));
    return c.json({ unsubscribed: true as const, message: DONE });
  });
}

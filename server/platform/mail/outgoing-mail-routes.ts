/**
 * `POST /admin/settings/outgoing-mail`: the organisation's recent outgoing mail for
 * its administrators. With no mail server configured the texts and links are shown,
 * so invitations and resets can be passed on by hand; with one, only the delivery
 * status is, since the links are secrets meant for their recipients alone.
 */
import { OutgoingMailRequest, OutgoingMailResponse } from "../../../schemas/api/mail.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { ADMIN_ROLE } from "../access/access.ts";
import { forbidden } from "../errors/app-error.ts";
import type { Api } from "../http/api.ts";
import { ADMIN_REQUIRED_TEXT } from "../access/authorize.ts";
import { type OutboxRow, recentMail } from "./outbox.ts";

/** Messages listed. */
const LISTED = 100;

/** Declares the outgoing mail listing. */
export function outgoingMailRoutes(
  api: Api,
  deps: { db: Database; config: Pick<Config, "smtpUrl" | "publicUrl"> },
): void {
  api.route({
    method: "post",
    path: "/admin/settings/outgoing-mail",
    reads: true,
    tag: "Administration",
    summary: "Recent outgoing mail of the organisation (texts only when no mail server is set)",
    audience: "staff",
    body: OutgoingMailRequest,
    response: OutgoingMailResponse,
  }, async (c, { access }) => {
    if (access.role !== ADMIN_ROLE) throw forbidden(ADMIN_REQUIRED_TEXT, { role: ADMIN_ROLE });
    const rows = await recentMail(deps.db, access.organizationId, LISTED);
    const smtp = deps.config.smtpUrl !== undefined;
    return c.json({
      delivery: smtp ? "smtp" as const : "outbox" as const,
      messages: rows.map((row) => ({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        kind: row.kind,
        status: row.status,
        attempts: row.attempts,
        last_error: row.last_error,
        created_at: row.created_at,
        sent_at: row.sent_at,
        text: smtp ? null : `To: ${row.recipient}\n\n${row.text_body}`,
        link_path: smtp ? null : appPathOf(row, deps.config.publicUrl),
      })),
    });
  });
}

/** The path inside this app of the message's first link, if it points here. */
function appPathOf(row: OutboxRow, publicUrl: string): string | null {
  const base = publicUrl.replace(/\/+$/, "");
  for (const word of row.text_body.split(/\s+/)) {
    if (word.startsWith(`${base}/`)) return word.slice(base.length);
  }
  return null;
}

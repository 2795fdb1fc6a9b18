/**
 * System Settings → Outgoing mail: the organisation's recent messages. With no mail
 * server configured the demo still works: the administrator reads each message here
 * and opens (or passes on) its link, a link in the text as the recipient gets it.
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";

/** The source of the outgoing mail tab, refreshed while the tab is open. */
export const OUTGOING_MAIL_SOURCE: Source = {
  method: "POST",
  path: "/admin/settings/outgoing-mail",
  body: {},
  label: "Outgoing mail",
  refreshMs: 10_000,
  errorText: "Could not load the outgoing mail",
};

const STATUS_LABELS = { queued: "Queued", sent: "Sent", failed: "Failed" };

/** The outgoing mail tab's content, bound to the source named `mail`. */
export function outgoingMailSection(): Node {
  return {
    type: "stack",
    children: [
      {
        type: "alert",
        tone: "info",
        text: {
          $text: {
            value: { $bind: "mail", path: "delivery" },
            cases: {
              smtp:
                "A mail server (SMTP_URL) delivers these messages; their texts go to their recipients only.",
            },
            otherwise:
              "No mail server is configured (SMTP_URL), so nothing is sent: messages are kept here. Open a message's link, or copy it to its recipient.",
          },
        },
      },
      {
        type: "list",
        source: "mail",
        path: "messages",
        title: { $field: "subject" },
        subtitle: { $field: "text", fallback: "Sent to its recipient by the mail server" },
        // The links in a message are links, as in the recipient's mail program.
        subtitleLinks: true,
        meta: { $field: "created_at", format: "datetime" },
        badge: {
          text: { $text: { value: { $field: "status" }, cases: STATUS_LABELS, otherwise: "" } },
          tone: {
            $match: {
              value: { $field: "status" },
              cases: { sent: "success", failed: "danger" },
              otherwise: "neutral",
            },
          },
        },
        emptyText: "No mail has been sent yet",
      },
    ],
  };
}

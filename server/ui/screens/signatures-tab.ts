/**
 * The Signatures tab of a signed record type's form (server/records/signing):
 * its signature requests by revision with their status and whether the evidence
 * chain verifies (each with its PDF, signed once complete), the signers and their
 * answers, and every evidence event with its time, address and user agent.
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import type { RecordFormTab } from "./record-form-tab.ts";

const REQUEST_STATUS = {
  pending: "Waiting for signatures",
  completed: "Signed",
  declined: "Declined",
  superseded: "Superseded",
};
const ORDER = { sequential: "In order", parallel: "All at once" };
const SIGNER_STATUS = {
  waiting: "Waiting for the signer before",
  mailed: "Link sent",
  signed: "Signed",
  declined: "Declined",
};
const EVENT = {
  sent: "Link sent",
  opened: "Opened",
  signed: "Signed",
  declined: "Declined",
  completed: "Completed",
  superseded: "Superseded",
};

/** The Signatures tab of a signed type's form. */
export function signaturesFormTab(typeId: string): RecordFormTab {
  const sources: Record<string, Source> = {
    signatures: {
      method: "GET",
      path: `/api/records/${typeId}/{id}/signatures`,
      label: "Signatures",
      emptyText: "Not sent for signature yet",
    },
  };
  const card = (title: string, subtitle: string, table: Node): Node => ({
    type: "card",
    title,
    subtitle,
    children: [table],
  });
  return {
    id: "signatures",
    label: "Signatures",
    requires: { action: "read" },
    content: () => ({
      sources,
      children: [
        card("Signature requests", "One per revision sent for signature, newest first.", {
          type: "table",
          source: "signatures",
          path: "requests",
          caption: "Signature requests",
          columns: [
            { key: "revision", label: "Revision", format: "integer" },
            { key: "status", label: "Status", labels: REQUEST_STATUS },
            { key: "order", label: "Signers sign", labels: ORDER },
            { key: "created_at", label: "Requested", format: "datetime" },
            { key: "completed_at", label: "Ended", format: "datetime", fallback: "—" },
            { key: "chain", label: "Evidence chain" },
          ],
          emptyText: "Not sent for signature yet",
          phone: { first: ["revision", "status", "chain"] },
          rowActions: [{
            label: "Download PDF",
            action: {
              kind: "download",
              format: "file",
              source: `/api/records/${typeId}/{record_id}/signatures/{id}/pdf`,
              filename: "signed.pdf",
            },
          }],
        }),
        card("Signers", "Who was asked, in order, and how they answered.", {
          type: "table",
          source: "signatures",
          path: "signers",
          caption: "Signers",
          columns: [
            { key: "revision", label: "Revision", format: "integer" },
            { key: "name", label: "Signer" },
            { key: "email", label: "Email" },
            { key: "status", label: "Status", labels: SIGNER_STATUS },
            { key: "signature_name", label: "Signed as", fallback: "—" },
            { key: "reason", label: "Reason", fallback: "—" },
            { key: "answered_at", label: "Answered", format: "datetime", fallback: "—" },
          ],
          emptyText: "No signers yet",
          phone: { first: ["name", "status"] },
        }),
        card("Evidence", "Every event, hash-chained: time, address and user agent.", {
          type: "table",
          source: "signatures",
          path: "events",
          caption: "Evidence events",
          columns: [
            { key: "revision", label: "Revision", format: "integer" },
            { key: "kind", label: "Event", labels: EVENT },
            { key: "signer", label: "Signer", fallback: "—" },
            { key: "at", label: "When", format: "datetime" },
            { key: "ip", label: "IP address" },
            { key: "user_agent", label: "User agent", fallback: "—" },
          ],
          emptyText: "No events yet",
          phone: { first: ["kind", "at"] },
        }),
      ],
    }),
  };
}
